/**
 * Questions seeded into `faqs` (docs/indicators-and-score.md "Tips and FAQ";
 * issue 7 "Content"): what patients ask about Pulso, answered from what Pulso
 * does (docs/codes.md "Personal code",
 * docs/authorization.md "Who sees what through the code",
 * docs/accounts.md "Trial and locked accounts",
 * docs/telemedicine.md "Requests and payment"; prices:
 * docs/payments-and-admin.md "Prices"). `answer` is plain text; blank lines
 * split paragraphs. Staff edit them later (issue 9).
 */
export const SEEDED_FAQS: readonly { question: string; answer: string }[] = [
  {
    question: 'O que é o Pulso?',
    answer: `O Pulso guarda os seus dados de emergência e o seu prontuário pessoal num só lugar. Quem ler o seu QR code ou digitar o seu código pessoal vê na hora os dados que ajudam a socorrer você, como tipo sanguíneo, alergias e contato de emergência.

Além disso, você registra consultas, exames, receitas e vacinas na linha do tempo, acompanha indicadores como pressão e glicose, marca dores no mapa do corpo e fala com médicos pela telemedicina.`,
  },
  {
    question: 'O que é o meu código pessoal?',
    answer: `É um código de 8 caracteres, com 3 números, 2 letras e 3 números (por exemplo, 123 AB 456), que é só seu. Ele aparece em Meu QR Code, no menu.

Qualquer pessoa que tiver o seu código pode abrir os seus dados de emergência, digitando-o na leitura de QR code do Pulso ou no endereço do Pulso seguido de /code/ e o código. Por isso, passe o código a quem precisa, como familiares e cuidadores.`,
  },
  {
    question: 'Onde encontro o meu QR code e como uso?',
    answer: `Em Meu QR Code, no menu, você vê o seu QR code e pode baixá-lo como imagem para imprimir ou guardar no celular.

Quem ler o QR code com a câmera do celular abre a página com os seus dados de emergência, mesmo sem ter o Pulso instalado e sem conta.`,
  },
  {
    question: 'Como funcionam os adesivos com QR code?',
    answer: `Cada conjunto tem 4 adesivos com o seu QR code, em poliéster prateado, nos tamanhos 30 x 20 mm e 40 x 30 mm, para colar no celular, no capacete, na carteira ou no documento do carro. O conjunto custa R$ 19,90, com frete grátis pelos Correios (carta simples), e é gratuito para quem assina um plano anual.

Peça em Meu QR Code, em Pedir adesivos. Acompanhe os pedidos em Meus pedidos: 'Aguardando' enquanto preparamos, 'Enviado' quando o pedido sai para a entrega.`,
  },
  {
    question: 'Recebi um adesivo do Pulso que ainda não tem dono. Como uso?',
    answer: `Alguns adesivos já vêm impressos com um código que ainda não pertence a ninguém. Leia o QR code do adesivo: o Pulso abre o cadastro com esse código, e ao terminar o cadastro ele passa a ser o seu código pessoal.

Cada código só pode ser usado uma vez.`,
  },
  {
    question: 'O que aparece para quem lê o meu código ou o meu QR code?',
    answer: `A aba Emergência aparece sempre, para qualquer pessoa com o código: nome, foto, data de nascimento, endereço, contato de emergência, características físicas, tipo sanguíneo e se você é doador de órgãos. Preencha só o que você quiser mostrar.

A aba Minha Saúde (alergias, remédios, doenças, convênio) e a linha do tempo só aparecem para quem as suas permissões autorizam.`,
  },
  {
    question: 'Quem pode ver as minhas informações de saúde?',
    answer: `Você escolhe em Permissões, no menu, entre quatro níveis:

1. Somente eu.
2. Eu e meus médicos: o médico que você escolheu em Minha Saúde e os médicos com quem você teve atendimento pelo Pulso. É o nível de toda conta nova.
3. Eu e qualquer profissional de saúde: também qualquer médico com conta no Pulso e os profissionais de emergência cadastrados (médicos, bombeiros e SAMU) que lerem o seu código.
4. Qualquer pessoa que tiver o seu código.

A linha do tempo começa desligada. Se você ligá-la, ela aparece só para quem também pode ver as suas informações de saúde.`,
  },
  {
    question: 'Como sei quem abriu o meu código?',
    answer: `Cada vez que alguém abre o seu código ou o seu QR code, o Pulso registra quando foi, quem abriu (ou 'visitante', se a pessoa não estava com a conta aberta) e quais abas foram mostradas.

Veja esses registros em Permissões, em Quem acessou meus dados.`,
  },
  {
    question: 'Os meus dados estão protegidos?',
    answer: `Sim. Dados de saúde são dados sensíveis pela Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018) e são tratados com cuidado especial: toda a comunicação é cifrada, as senhas são guardadas com criptografia, os arquivos nunca ficam em pastas públicas e só são entregues a quem tem permissão, e o Pulso não vende os seus dados.

Você pode pedir acesso, correção, portabilidade ou eliminação dos seus dados, entre outros direitos. Os detalhes estão na Política de privacidade, e o encarregado de dados atende pelo e-mail privacidade@pulso.app.br.`,
  },
  {
    question: 'O Pulso é gratuito? Como funciona o mês grátis?',
    answer: `Os dados de emergência, Minha Saúde, o código, o QR code e as permissões são gratuitos.

A linha do tempo, os indicadores de saúde e o mapa da dor são liberados por 1 mês a partir da criação da conta. Depois desse mês, para fazer novos registros é preciso ter um plano ou uma conta empresarial. Tudo o que você já registrou continua disponível para consulta.`,
  },
  {
    question: 'Quais são os planos e como cancelo?',
    answer: `O plano Meu Prontuário custa R$ 7,90 por mês e também pode ser pago por ano. Os planos mantêm liberados a linha do tempo, os indicadores e o mapa da dor depois do mês grátis; quem assina o plano anual ganha um conjunto de adesivos com QR code. Veja os planos, o que cada um inclui e os preços em Planos, no menu.

Você pode trocar de plano ou cancelar quando quiser. Na troca, o valor já pago e não usado é descontado do novo plano. No cancelamento, o plano continua valendo até o fim do período pago.`,
  },
  {
    question: 'Entrei pelo convite da minha empresa. Preciso assinar um plano?',
    answer: `Não. Contas criadas pelo convite de uma empresa são contas empresariais e não têm o limite do mês grátis enquanto o vínculo com a empresa durar. Cada link de convite cria uma única conta.`,
  },
  {
    question: 'Como funciona a telemedicina?',
    answer: `Em Telemedicina, busque um médico por cidade, clínica, especialidade ou nome, abra o perfil e envie uma solicitação contando o motivo. Quando o médico aceita, vocês conversam pelo chat, que aceita textos, fotos e PDFs de até 2 MB.

Uma solicitação pode ser paga pelas teleconsultas incluídas no seu plano, pela compra de uma teleconsulta avulsa ou por um passe que o médico tenha dado a você. O atendimento termina quando o médico o encerra ou depois de um período sem mensagens.

A telemedicina não substitui o atendimento presencial: numa emergência, ligue 192 ou vá ao pronto-socorro mais próximo.`,
  },
  {
    question: 'Como falo com o suporte do Pulso?',
    answer: `Em Telemedicina, use Falar com o suporte: a nossa equipe responde pelo chat, sem custo e sem precisar de plano. Você também pode escrever para o e-mail ou chamar no WhatsApp mostrados abaixo desta lista.`,
  },
  {
    question: 'Posso adicionar um registro na linha do tempo de outra pessoa?',
    answer: `Sim, se você tiver o código dela. Em Linha do tempo, abra o novo registro, digite o código do paciente ou leia o QR code dele e preencha o registro, que vai para a linha do tempo daquela pessoa, marcado como feito por um médico ou por terceiro. O mapa da dor funciona do mesmo jeito.

Você vê apenas os registros que você mesmo adicionou, nunca o resto da linha do tempo da pessoa. O dono da linha do tempo pode excluir qualquer registro dela.`,
  },
  {
    question: 'Sou médico, bombeiro ou do SAMU. Como me cadastro como profissional de emergência?',
    answer: `Em Profissional de emergência, escolha o tipo (Médico, Bombeiro ou SAMU), informe o seu número de cadastro (CRM, COREN ou matrícula) e envie uma foto do seu documento profissional. A foto é reduzida no seu aparelho antes do envio e só você e a equipe do Pulso, que confere os cadastros, podem vê-la.

Com o cadastro, ao ler o código de um paciente que escolheu o nível 'Eu e qualquer profissional de saúde', você vê também as informações de saúde dele. Depois de enviado, o cadastro não pode ser editado: para corrigir algo, exclua-o e faça outro.`,
  },
  {
    question: 'Esqueci a minha senha. E agora?',
    answer: `Na tela de entrada, toque em Esqueci minha senha e informe o seu e-mail. Você vai receber um link para criar uma nova senha, válido por 60 minutos e que só pode ser usado uma vez. Se o e-mail não chegar, confira a caixa de spam.`,
  },
  {
    question: 'Como encerro a minha conta?',
    answer: `Em Configurações, abra Encerrar conta e confirme. Você sai do Pulso em todos os aparelhos, e a página do seu código e do seu QR code deixa de funcionar.

Os seus dados ficam guardados, não são apagados. Para pedir a exclusão, escreva para privacidade@pulso.app.br a partir do e-mail da sua conta.`,
  },
];
