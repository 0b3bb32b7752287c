import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api';
import { paths } from '../paths';
import { ErrorNotice, useFlash } from '../ui/feedback';
import { SubmitButton, TextField } from '../ui/form';
import { Page } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { modpackCreateBody, ModpackNameFields, ModpackVisibilityFields } from './modpack-form';

export default function NewModpack() {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const flash = useFlash();
  const submit = useSubmit(
    (v) => call(api.POST('/api/modpack', { body: modpackCreateBody(v) })),
    (pack) => {
      void queries.invalidateQueries({ queryKey: ['modpacks'] });
      void queries.invalidateQueries({ queryKey: ['session'] });
      flash.show(`Modpack ${pack.name} created. Create its first build next.`);
      navigate(paths.modpack(pack.slug));
    },
  );
  return (
    <Page title="New modpack">
      <form onSubmit={submit.onSubmit} noValidate className="form">
        <ErrorNotice error={submit.error} />
        <ModpackNameFields errors={submit.fields} suggestSlug />
        <TextField name="url" label="Website" type="url" errors={submit.fields} />
        <ModpackVisibilityFields errors={submit.fields} />
        <SubmitButton busy={submit.busy}>Create modpack</SubmitButton>
      </form>
    </Page>
  );
}
