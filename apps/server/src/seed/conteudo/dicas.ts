/**
 * Health tips seeded into `dicas` (docs/indicators-and-score.md "Tips and FAQ"; issue 7):
 * plain pt-BR, written for patients, following the Brazilian Ministry of
 * Health's guides (Guia Alimentar, Guia de Atividade Física, Calendário
 * Nacional de Vacinação), the Brazilian guidelines of hypertension (2020) and
 * of the Sociedade Brasileira de Diabetes, INCA and WHO. `content` is plain
 * text; blank lines split paragraphs. Staff edit them later (issue 9).
 */
export const SEEDED_DICAS: readonly { title: string; content: string }[] = [
  {
    title: 'Beba água ao longo do dia',
    content: `A maioria dos adultos precisa de cerca de 2 litros de líquidos por dia, e mais nos dias quentes, durante atividade física, febre, diarreia ou vômitos. Não espere sentir sede: deixe uma garrafa por perto e beba aos poucos.

A cor da urina ajuda a saber se você está bem hidratado: amarelo-clara é o esperado; escura e em pouca quantidade pede mais água. Idosos sentem menos sede e merecem atenção redobrada.

Quem tem insuficiência cardíaca ou doença renal deve seguir a quantidade de líquidos orientada pelo médico.`,
  },
  {
    title: 'Conheça a sua pressão arterial',
    content: `A pressão alta (hipertensão) quase nunca dá sintomas, mas aumenta o risco de infarto, AVC e doença nos rins. Por isso, meça a pressão pelo menos uma vez por ano a partir dos 18 anos, e com mais frequência se você já tem o diagnóstico, diabetes ou pais com pressão alta.

Medidas de 14 por 9 (140/90 mmHg) ou mais, repetidas em dias diferentes, precisam de avaliação médica. A medida é gratuita nas Unidades Básicas de Saúde (UBS) do SUS.

Registre suas medidas no Pulso, em Indicadores, para levar o histórico às consultas.`,
  },
  {
    title: 'Como medir a pressão em casa do jeito certo',
    content: `Use um aparelho de braço validado, com a braçadeira do tamanho do seu braço. Nos 30 minutos antes, evite café, cigarro e exercício, e esvazie a bexiga.

Sente-se por 5 minutos com as costas apoiadas, os pés no chão e o braço apoiado na altura do coração. Não fale durante a medida.

Faça duas medidas com 1 a 2 minutos de intervalo e anote a média, com a data e a hora. Medir sempre nos mesmos horários (por exemplo, de manhã e à noite) mostra melhor como a pressão se comporta.`,
  },
  {
    title: 'Pressão muito alta com sintomas é emergência',
    content: `Pressão de 18 por 12 (180/120 mmHg) ou mais acompanhada de dor no peito, falta de ar, dor de cabeça forte e súbita, confusão, fraqueza ou formigamento de um lado do corpo ou alteração da visão é emergência: ligue 192 (SAMU).

Sem sintomas, sente-se, descanse e meça de novo após alguns minutos; se continuar muito alta, procure atendimento no mesmo dia. Não tome remédios por conta própria para "baixar rápido" a pressão.`,
  },
  {
    title: 'Reconheça um AVC: teste SAMU',
    content: `O AVC (derrame) tem tratamento, mas ele depende do tempo. Use as letras de SAMU:

S — Sorria: a boca ficou torta?
A — Abrace: peça para levantar os dois braços. Um deles cai?
M — Música: peça para cantar ou repetir uma frase. A fala está enrolada ou estranha?
U — Urgente: qualquer um desses sinais, ligue 192 na hora.

Anote o horário em que os sintomas começaram e informe à equipe. Não dê comida, bebida nem remédio à pessoa.`,
  },
  {
    title: 'Dor no peito não pode esperar',
    content: `Dor, aperto ou queimação no peito que dura mais de alguns minutos, que pode ir para o braço, o pescoço, a mandíbula ou as costas, com suor frio, enjoo ou falta de ar, pode ser infarto. Ligue 192 imediatamente e não vá dirigindo.

Em mulheres, idosos e pessoas com diabetes, o infarto pode aparecer só como cansaço, falta de ar ou mal-estar. Na dúvida, procure ajuda: cada minuto conta.`,
  },
  {
    title: 'Quando ligar para o SAMU (192) e para os Bombeiros (193)',
    content: `SAMU 192: emergências médicas, como desmaio, convulsão, falta de ar, dor no peito, sinais de AVC, sangramento forte, intoxicação ou envenenamento, queimaduras graves e complicações na gravidez ou no parto.

Bombeiros 193: incêndios, afogamentos, pessoas presas em ferragens ou escombros, resgates em altura e acidentes com vítimas presas. Polícia: 190.

Na dúvida, ligue para qualquer um deles: a central orienta ou transfere a ligação. As ligações são gratuitas, inclusive de celular sem crédito. Informe o endereço com um ponto de referência, o que aconteceu e quantas vítimas há, e só desligue quando o atendente disser.

Se a vítima tiver o adesivo do Pulso, mostre o QR code à equipe de socorro: ele abre os dados de emergência dela.`,
  },
  {
    title: 'Parada cardíaca: as compressões salvam vidas',
    content: `Se uma pessoa cair, não responder e não respirar normalmente, ligue 192 e deixe o telefone no viva-voz.

Comece as compressões no centro do peito, com as duas mãos sobrepostas e os braços esticados: forte (cerca de 5 cm de profundidade) e rápido (100 a 120 por minuto). Não pare até a chegada do socorro ou até a pessoa acordar. Se houver um desfibrilador automático (DEA) por perto, ligue-o e siga as instruções faladas pelo aparelho.`,
  },
  {
    title: 'Engasgo: saiba agir',
    content: `Se a pessoa consegue tossir, incentive a tosse. Se ela não consegue falar, tossir nem respirar, faça a manobra de Heimlich: fique atrás dela, abrace-a na altura da barriga, logo acima do umbigo, feche uma das mãos, cubra-a com a outra e puxe com força para dentro e para cima, repetindo até o objeto sair.

Em bebês menores de 1 ano, alterne 5 tapas firmes nas costas (bebê de bruços sobre o seu antebraço, cabeça mais baixa que o corpo) com 5 compressões no meio do peito, com dois dedos.

Se a pessoa desmaiar, ligue 192 e comece as compressões no peito.`,
  },
  {
    title: 'Glicose no sangue: conheça os valores',
    content: `Em jejum de 8 horas, a glicose até 99 mg/dL é normal; de 100 a 125 mg/dL indica pré-diabetes; 126 mg/dL ou mais, confirmado em outro exame, indica diabetes.

Quem tem excesso de peso, pressão alta, pais ou irmãos com diabetes, teve diabetes na gravidez ou é sedentário deve fazer o exame regularmente. Ele é oferecido pelo SUS a partir da UBS.

Sede excessiva, urinar muito, emagrecer sem motivo e visão embaçada são sinais de alerta: procure avaliação.`,
  },
  {
    title: 'Hipoglicemia: reconheça e trate',
    content: `Glicose abaixo de 70 mg/dL pode causar tremor, suor frio, fome, coração acelerado, tontura e confusão. É mais comum em quem usa insulina ou alguns remédios para diabetes.

Regra dos 15: consuma 15 gramas de açúcar de ação rápida (uma colher de sopa de açúcar em meio copo de água, ou meio copo de suco de laranja ou de refrigerante comum), espere 15 minutos e meça de novo. Se continuar abaixo de 70 mg/dL, repita. Depois, faça um lanche ou a próxima refeição.

Se a pessoa estiver desacordada ou não conseguir engolir, não dê nada pela boca: ligue 192.`,
  },
  {
    title: 'Diabetes: cuide bem dos pés',
    content: `O diabetes pode diminuir a sensibilidade e a circulação nos pés, e pequenas feridas podem virar problemas sérios.

Examine os pés todos os dias, inclusive a sola e entre os dedos (use um espelho ou peça ajuda). Lave e seque bem, principalmente entre os dedos, e hidrate a pele sem passar creme entre eles. Corte as unhas retas, nunca ande descalço e use calçados confortáveis, conferindo se não há nada dentro deles.

Procure a UBS se notar ferida, bolha, calo, mudança de cor, inchaço ou perda de sensibilidade.`,
  },
  {
    title: 'Durma bem',
    content: `Adultos precisam de 7 a 9 horas de sono por noite. Durma e acorde em horários regulares, inclusive nos fins de semana, e deixe o quarto escuro, silencioso e fresco.

Evite telas na hora antes de deitar, café e chá-preto à tarde e à noite, bebida alcoólica e refeições pesadas perto de dormir. A atividade física ajuda a dormir melhor, mas não logo antes de deitar.

Ronco alto com pausas na respiração e sono excessivo durante o dia podem ser apneia do sono: converse com seu médico.`,
  },
  {
    title: 'Mantenha a vacinação em dia',
    content: `O SUS oferece de graça, nas salas de vacina das UBS, as vacinas do Calendário Nacional de Vacinação para crianças, adolescentes, adultos, gestantes e idosos.

Adultos também precisam de vacinas: hepatite B, dT (difteria e tétano, com reforço a cada 10 anos), tríplice viral (sarampo, caxumba e rubéola) e febre amarela, conforme a idade e o histórico, além da vacina da gripe para os grupos indicados em cada campanha e da vacina contra a COVID-19 conforme a orientação vigente.

Leve a caderneta de vacinação e um documento com foto. Se perdeu a caderneta, a equipe avalia quais vacinas você precisa. Registre as vacinas na sua linha do tempo do Pulso, no tipo Vacina.`,
  },
  {
    title: 'Gravidez: pré-natal e vacinas',
    content: `Comece o pré-natal assim que souber da gravidez, ainda no primeiro trimestre, e vá a todas as consultas: é nelas que se acompanham a pressão, a glicose, o crescimento do bebê e os exames de sífilis, HIV e hepatites, todos oferecidos pelo SUS.

Na gestação são indicadas a vacina dTpa (que protege o bebê contra a coqueluche), a de hepatite B, a da gripe e a da COVID-19, conforme o calendário. Não use remédios nem bebida alcoólica sem orientação.

Sangramento, dor de cabeça forte, visão embaçada, inchaço súbito, perda de líquido ou o bebê mexendo menos são motivos para procurar atendimento na hora.`,
  },
  {
    title: 'Use os remédios do jeito certo',
    content: `Siga a dose, os horários e o tempo de tratamento da receita, mesmo que você melhore antes. Não pare por conta própria remédios de pressão, diabetes, anticoagulantes ou antidepressivos: converse antes com quem receitou.

Antibióticos só com receita e até o fim do tratamento. Não use nem empreste remédios de outras pessoas. Guarde-os na embalagem original, longe do calor, da umidade e do alcance das crianças, e confira a validade.

Mantenha a lista dos seus remédios em Minha Saúde, no Pulso, e leve-a às consultas. Descarte remédios vencidos nos pontos de coleta das farmácias, nunca no lixo comum ou no vaso sanitário.`,
  },
  {
    title: 'Cuidado com a automedicação',
    content: `Remédios vendidos sem receita também têm riscos. Paracetamol acima da dose máxima pode lesar o fígado. Anti-inflamatórios como ibuprofeno, diclofenaco e nimesulida podem aumentar a pressão e prejudicar os rins e o estômago, principalmente em idosos.

Com suspeita de dengue, não tome ácido acetilsalicílico (AAS) nem anti-inflamatórios, que aumentam o risco de sangramento.

Antes de tomar um remédio novo, pergunte ao farmacêutico ou ao médico, informe suas alergias e os remédios que você já usa.`,
  },
  {
    title: 'Mexa-se: 150 minutos por semana',
    content: `O Guia de Atividade Física para a População Brasileira recomenda que adultos façam pelo menos 150 minutos por semana de atividade moderada, como caminhada rápida, dança ou bicicleta, ou 75 minutos de atividade vigorosa, além de exercícios de fortalecimento muscular em 2 dias da semana.

Comece aos poucos: qualquer quantidade de movimento já traz benefícios. Se você passa muito tempo sentado, levante-se e caminhe um pouco a cada hora.

Quem tem doença do coração, pressão alta não controlada ou sente sintomas ao esforço deve conversar com o médico antes. Pare e procure ajuda se sentir dor no peito, falta de ar fora do comum ou tontura.`,
  },
  {
    title: 'Coma comida de verdade',
    content: `O Guia Alimentar para a População Brasileira recomenda fazer dos alimentos in natura ou minimamente processados a base da alimentação: arroz, feijão, legumes, verduras, frutas, ovos, carnes, peixes e leite. O arroz com feijão é uma ótima combinação.

Use óleo, sal e açúcar com moderação ao cozinhar, limite os alimentos processados e evite os ultraprocessados, como refrigerantes, salgadinhos de pacote, biscoitos recheados, embutidos e macarrão instantâneo.

Sempre que puder, coma em horários regulares, com calma e em companhia.`,
  },
  {
    title: 'Menos sal, mais sabor',
    content: `A Organização Mundial da Saúde recomenda menos de 5 gramas de sal por dia, cerca de uma colher de chá rasa, somando o sal que já vem nos alimentos. O brasileiro consome quase o dobro.

Tempere com alho, cebola, ervas, pimenta e limão, tire o saleiro da mesa e leia o rótulo: embutidos, temperos prontos em cubo ou em pó, salgadinhos e enlatados têm muito sódio.

Comer menos sal ajuda a prevenir e a controlar a pressão alta.`,
  },
  {
    title: 'Proteja-se do sol',
    content: `O câncer de pele é o câncer mais frequente no Brasil. Evite o sol entre 10h e 16h, use protetor solar com fator de proteção 30 ou mais, aplicado 15 a 30 minutos antes e reaplicado a cada 2 horas e depois de suar ou entrar na água, além de chapéu de aba larga, óculos com proteção UV e roupas que cubram a pele.

Bebês com menos de 6 meses não devem ficar no sol direto.

Observe suas pintas: mudança de tamanho, de cor ou de forma, bordas irregulares, coceira ou sangramento pedem avaliação médica.`,
  },
  {
    title: 'Cuide da saúde mental',
    content: `Sentir tristeza, ansiedade ou estresse de vez em quando faz parte da vida. Quando esses sentimentos duram semanas e atrapalham o sono, o trabalho ou as relações, procure ajuda: a UBS e os Centros de Atenção Psicossocial (CAPS) do SUS atendem de graça.

Converse com alguém de confiança, mantenha uma rotina de sono, de alimentação e de atividade física e evite usar álcool ou outras drogas para aliviar o sofrimento.

Se você está pensando em se machucar ou em tirar a própria vida, ou conhece alguém nessa situação, ligue 188 para o CVV (Centro de Valorização da Vida): a ligação é gratuita, sigilosa e atende 24 horas; também há conversa por chat em cvv.org.br. Em risco imediato, ligue 192 ou vá a um pronto-socorro.`,
  },
  {
    title: 'Bebida alcoólica: quanto menos, melhor',
    content: `Não existe quantidade de álcool sem risco para a saúde. Se beber, beba pouco, nunca em jejum, alterne com água e nunca dirija depois de beber: no Brasil, a tolerância ao volante é zero.

Gestantes, pessoas em tratamento de dependência e quem vai dirigir ou operar máquinas não devem beber. O álcool interage com muitos remédios, como calmantes, antidepressivos, analgésicos e alguns antibióticos.`,
  },
  {
    title: 'Parar de fumar vale a pena em qualquer idade',
    content: `Os benefícios começam logo: em poucas horas o monóxido de carbono no sangue cai, e em um ano sem fumar o risco de doença do coração diminui muito. Cigarro eletrônico (vape) também faz mal e sua venda é proibida no Brasil.

O SUS oferece tratamento gratuito para parar de fumar, com acompanhamento em grupo ou individual e, quando indicado, adesivos, gomas de nicotina ou outros remédios. Procure a UBS mais perto de você ou ligue 136 (Disque Saúde).`,
  },
  {
    title: 'Faça os exames preventivos',
    content: `Mulheres de 25 a 64 anos que já tiveram relação sexual devem fazer o exame preventivo do colo do útero (Papanicolau): após dois exames normais seguidos com intervalo de um ano, a cada 3 anos. A mamografia de rastreamento é feita a cada 2 anos, principalmente dos 50 aos 74 anos; entre 40 e 49 anos, a decisão é tomada com a equipe de saúde.

Todos podem fazer de graça, na UBS, os testes rápidos de HIV, sífilis e hepatites B e C. Pressão, glicose e colesterol devem ser verificados com a regularidade que o seu médico indicar.

Registre os resultados na linha do tempo do Pulso para tê-los sempre à mão.`,
  },
  {
    title: 'Dengue: elimine a água parada',
    content: `Dez minutos por semana bastam para acabar com os criadouros do mosquito: tampe caixas-d'água e tonéis, limpe calhas, guarde garrafas de boca para baixo, coloque areia nos pratinhos de vasos e não deixe pneus ou lixo acumulando água.

Febre alta com dor no corpo, atrás dos olhos, dor de cabeça e manchas na pele pode ser dengue: beba bastante líquido e procure a UBS. Não tome AAS nem anti-inflamatórios.

Dor forte na barriga, vômitos que não param, sangramento, tontura ao levantar ou sonolência são sinais de alarme: procure atendimento de urgência na hora.`,
  },
  {
    title: 'Lave as mãos',
    content: `Lavar as mãos com água e sabão por 40 a 60 segundos, esfregando palmas, dorso, entre os dedos, unhas e punhos, previne diarreias, gripes e muitas outras infecções.

Lave antes de comer e de preparar alimentos, depois de usar o banheiro, de trocar fraldas, de tossir ou espirrar e ao chegar da rua. Sem pia por perto, use álcool em gel 70%. Ao tossir ou espirrar, cubra a boca e o nariz com o antebraço.`,
  },
  {
    title: 'Deixe seus dados de emergência prontos',
    content: `Num acidente ou num mal súbito, quem socorre precisa saber rápido o seu tipo sanguíneo, as alergias, os remédios que você usa, as doenças que você tem e quem avisar.

Preencha a aba Emergência e Minha Saúde no Pulso e revise-as sempre que algo mudar. Cole os adesivos com o seu QR code em lugares que vão junto com você, como a capinha do celular, a carteira, o capacete ou o documento do carro, e conte à família que eles existem.`,
  },
];
