import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type Cidade, type EnderecoEntrega, EnderecoEntregaSchema, PEDIDO_MESSAGES } from '@pulso/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { CidadeAutocomplete } from '../../ui/cidades/cidade-autocomplete.tsx';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { MaskedTextInput } from '../../ui/masked-text-input.tsx';
import type { PurchaseInfo } from './api/pedidos.ts';

/** The address as typed: `cidade_texto` is the city input's text, `cep` masked `#####-###`. */
interface AddressValues {
  endereco: string;
  bairro: string;
  cidade: Cidade | null;
  cidade_texto: string;
  cep: string;
  complemento: string;
}

/** A CEP's 8 digits as shown, `#####-###` (anything else as it is). */
export const maskCep = (digits: string) =>
  digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;

/**
 * Step 2 of /qrcode/purchase, 'Endereço de entrega' (docs/api/pagamentos.md "QR sticker orders"): the address
 * prefilled from the profile (`geral`, apartment included) or from what was typed before going back,
 * validated by `EnderecoEntregaSchema`; a city typed but not chosen from the list is no city.
 */
export function AddressStep({
  geral,
  saved,
  onBack,
  onNext,
}: {
  geral: PurchaseInfo['geral'];
  saved: EnderecoEntrega | null;
  onBack: () => void;
  onNext: (value: EnderecoEntrega) => void;
}) {
  const form = useForm<AddressValues, unknown, EnderecoEntrega>({
    resolver: domainResolver(EnderecoEntregaSchema),
    defaultValues: {
      endereco: saved?.endereco ?? geral.endereco ?? '',
      bairro: saved?.bairro ?? geral.bairro ?? '',
      cidade: saved?.cidade ?? geral.cidade,
      cidade_texto: (saved?.cidade ?? geral.cidade)?.descricao ?? '',
      cep: saved ? maskCep(saved.cep) : '',
      complemento: saved?.complemento ?? geral.complemento ?? '',
    },
  });
  const {
    register,
    control,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const cidade = useWatch({ control, name: 'cidade' });

  const submit = form.handleSubmit((value) => {
    // A city typed but not chosen from the list is no city.
    const text = form.getValues('cidade_texto').trim();
    if (text !== '' && text !== value.cidade?.descricao) {
      form.setError('cidade', { type: 'choice', message: PEDIDO_MESSAGES.cidade });
      form.setFocus('cidade_texto');
      return;
    }
    onNext(value);
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Endereço de entrega">
      <Stack gap="md">
        <TextInput
          {...register('endereco')}
          label="Endereço"
          placeholder="Rua e número"
          autoComplete="street-address"
          error={errors.endereco?.message}
          withAsterisk
        />
        <TextInput {...register('complemento')} label="Complemento" placeholder="Apto, bloco (opcional)" />
        <TextInput
          {...register('bairro')}
          label="Bairro"
          autoComplete="address-level3"
          error={errors.bairro?.message}
          withAsterisk
        />
        <Controller
          control={control}
          name="cidade_texto"
          render={({ field }) => (
            <CidadeAutocomplete
              text={field.value}
              onTextChange={(text) => {
                field.onChange(text);
                if (text !== cidade?.descricao) setValue('cidade', null);
                clearErrors('cidade');
              }}
              selected={cidade}
              onSelect={(c) => {
                setValue('cidade', c);
                if (c) field.onChange(c.descricao);
                clearErrors('cidade');
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.cidade?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="cep"
          render={({ field }) => (
            <MaskedTextInput
              label="CEP"
              mask="00000-000"
              placeholder="00000-000"
              inputMode="numeric"
              autoComplete="postal-code"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.cep?.message}
              withAsterisk
            />
          )}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Voltar
          </Button>
          <Button type="submit">Continuar</Button>
        </Group>
      </Stack>
    </form>
  );
}
