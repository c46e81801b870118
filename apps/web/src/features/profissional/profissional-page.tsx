import {
  Button,
  FileButton,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DOCUMENTO_JPEG_QUALITY,
  DOCUMENTO_MAX_WIDTH,
  FILE_TOO_LARGE_MESSAGE,
  issuesToFieldErrors,
  PROFISSIONAL_MESSAGES as M,
  MAX_UPLOAD_BYTES,
  PROFISSIONAL_NUMERO_MAX,
  ProfissionalCreateSchema,
} from '@pulso/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { pageTitles } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { anexoKind, resizeImageForUpload } from '../../ui/image/resize-image.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useProfissional } from './api/get-profissional.ts';
import { useRegisterProfissional } from './api/register-profissional.ts';
import classes from './profissional-page.module.css';
import { RegisteredCard, tipoOptions } from './registered-card.tsx';

/** What the photo picker offers (the server reads the bytes anyway). */
const DOCUMENTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * /profissional, 'Profissional de emergência' (docs/codes.md "Emergency
 * professional"; docs/api/indicadores-score-profissional.md "Emergency professional";
 * docs/authorization.md "Who sees what through the code" level 3; issue 7).
 * Not registered: a form with the kind (Médico, Bombeiro, SAMU), the
 * registration number and a photo of the document, resized in the browser to
 * 800 px wide, JPEG 0.5, before it is sent; the three empty-field messages of
 * docs/codes.md "Registering and its messages" under their fields.
 * Registered: the same fields locked, the document shown (a signed URL)
 * without a way to remove it, the review status as text, and only
 * 'Excluir cadastro', after a confirmation, which deletes the whole record.
 */
export default function ProfissionalPage() {
  useDocumentTitle(pageTitles.profissional);
  const query = useProfissional();

  return (
    <div className={classes.page}>
      <Stack gap="xs">
        <Title order={1} className={classes.title}>
          {pageTitles.profissional}
        </Title>
        <Text>
          É médico, bombeiro ou socorrista do SAMU? Cadastre sua credencial: ao abrir o código ou o QR Code de
          um paciente que libera as informações de saúde para qualquer profissional de saúde, você verá a aba
          Minha saúde dele.
        </Text>
      </Stack>
      {query.isPending ? (
        <div className={classes.state} role="status">
          <Loader size="md" aria-hidden="true" />
          <Text fw={500}>Carregando ...</Text>
        </div>
      ) : query.isError ? (
        <QueryError
          title="Não foi possível carregar seu cadastro de profissional"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.profissional ? (
        <RegisteredCard profissional={query.data.profissional} />
      ) : (
        <RegisterForm />
      )}
    </div>
  );
}

type FieldName = 'tipo' | 'numero' | 'documento';
type Errors = Partial<Record<FieldName, string>>;

/** The photo chosen, resized, with a preview URL (revoked when replaced or unmounted). */
interface ChosenPhoto {
  file: File;
  url: string;
}

function RegisterForm() {
  const ids = { heading: useId(), photoHint: useId(), photoError: useId() };
  const snackbar = useSnackbar();
  const register = useRegisterProfissional();
  const [tipo, setTipo] = useState('');
  const [numero, setNumero] = useState('');
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const tipoRef = useRef<HTMLSelectElement>(null);
  const numeroRef = useRef<HTMLInputElement>(null);
  const photoButtonRef = useRef<HTMLButtonElement>(null);
  const resetInput = useRef<() => void>(null);

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  const clearError = (field: FieldName) => setErrors(({ [field]: _, ...rest }) => rest);

  const focusFirst = (found: Errors) => {
    if (found.tipo) tipoRef.current?.focus();
    else if (found.numero) numeroRef.current?.focus();
    else if (found.documento) photoButtonRef.current?.focus();
  };

  const choose = async (chosen: File | null) => {
    resetInput.current?.();
    if (!chosen) return;
    if (anexoKind(chosen) !== 'image') {
      setErrors((e) => ({ ...e, documento: M.documentoTipo }));
      return;
    }
    setPreparing(true);
    try {
      const file = await resizeImageForUpload(chosen, DOCUMENTO_JPEG_QUALITY, DOCUMENTO_MAX_WIDTH);
      if (file.size > MAX_UPLOAD_BYTES) throw new Error(FILE_TOO_LARGE_MESSAGE);
      setPhoto({ file, url: URL.createObjectURL(file) });
      clearError('documento');
    } catch (reason) {
      setErrors((e) => ({ ...e, documento: reason instanceof Error ? reason.message : String(reason) }));
    } finally {
      setPreparing(false);
    }
  };

  const submit = () => {
    const parsed = ProfissionalCreateSchema.safeParse({ tipo, numero });
    const found: Errors = {};
    if (!parsed.success) {
      const fieldErrors = issuesToFieldErrors(parsed.error.issues);
      found.tipo = fieldErrors.tipo?.[0];
      found.numero = fieldErrors.numero?.[0];
    }
    if (!photo) found.documento = M.documento;
    if (!parsed.success || !photo) {
      setErrors(found);
      focusFirst(found);
      return;
    }
    register.mutate(
      { ...parsed.data, documento: photo.file },
      {
        onSuccess: ({ message }) => snackbar.success(message),
        onError: (error) => {
          if (error instanceof ApiError) {
            const fromServer: Errors = {
              tipo: error.errors.tipo?.[0],
              numero: error.errors.numero?.[0],
              documento: error.errors.documento?.[0],
            };
            setErrors(fromServer);
            focusFirst(fromServer);
          }
          snackbar.error(error);
        },
      },
    );
  };

  const busy = preparing || register.isPending;
  return (
    <section className={classes.card} aria-labelledby={ids.heading}>
      <Title order={2} id={ids.heading} className={classes.cardTitle}>
        Cadastrar credencial
      </Title>
      <form
        noValidate
        aria-labelledby={ids.heading}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) submit();
        }}
      >
        <Stack gap="md">
          <NativeSelect
            ref={tipoRef}
            label="Tipo de profissional"
            size="md"
            data={tipoOptions}
            value={tipo}
            withAsterisk
            error={errors.tipo}
            onChange={(event) => {
              setTipo(event.currentTarget.value);
              clearError('tipo');
            }}
          />
          <TextInput
            ref={numeroRef}
            label="Número de cadastro"
            description="CRM, matrícula ou número do registro profissional."
            size="md"
            value={numero}
            maxLength={PROFISSIONAL_NUMERO_MAX}
            autoComplete="off"
            withAsterisk
            error={errors.numero}
            onChange={(event) => {
              setNumero(event.currentTarget.value);
              clearError('numero');
            }}
          />
          <fieldset className={classes.photoField}>
            <legend className={classes.photoLabel}>
              Foto do documento{' '}
              <Text span c="red.9" aria-hidden="true">
                *
              </Text>
            </legend>
            <Text id={ids.photoHint} size="sm" c="gray.7">
              Uma foto legível da carteira profissional ou funcional (JPEG, PNG ou WebP). Depois do cadastro,
              a foto não pode ser trocada.
            </Text>
            {photo && (
              <figure className={classes.preview}>
                <img
                  src={photo.url}
                  alt="Prévia da foto do documento escolhida"
                  className={classes.previewImage}
                />
              </figure>
            )}
            <FileButton
              onChange={(file) => void choose(file)}
              accept={DOCUMENTO_ACCEPT}
              resetRef={resetInput}
            >
              {(props) => (
                <Button
                  {...props}
                  ref={photoButtonRef}
                  className={classes.photoButton}
                  variant="outline"
                  size="md"
                  loading={preparing}
                  disabled={register.isPending}
                  aria-describedby={[ids.photoHint, errors.documento ? ids.photoError : null]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {photo ? 'Trocar foto' : 'Escolher foto do documento'}
                </Button>
              )}
            </FileButton>
            {errors.documento && (
              <p id={ids.photoError} className={classes.photoError}>
                {errors.documento}
              </p>
            )}
          </fieldset>
          <Group justify="flex-end" className={classes.actions}>
            <Button type="submit" size="md" loading={register.isPending} disabled={preparing}>
              Cadastrar
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
