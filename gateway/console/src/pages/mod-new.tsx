import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api';
import { paths } from '../paths';
import { useSession } from '../session';
import { useFlash, ErrorNotice } from '../ui/feedback';
import { SubmitButton } from '../ui/form';
import { Page } from '../ui/page';
import { useSubmit } from '../ui/submit';
import { ModFields, modBody } from './mod-form';

export default function NewMod() {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const flash = useFlash();
  // A user with mods_create alone may write notes but would never see them again: not offered.
  const notes = useSession().can('mods_manage');
  const submit = useSubmit(
    (v) => call(api.POST('/api/mod', { body: modBody(v, notes) })),
    (mod) => {
      void queries.invalidateQueries({ queryKey: ['mods'] });
      flash.show(`Mod ${mod.pretty_name} created. Add its first version below.`);
      navigate(paths.mod(mod.name));
    },
  );
  return (
    <Page title="New mod">
      <form onSubmit={submit.onSubmit} noValidate className="form">
        <ErrorNotice error={submit.error} />
        <ModFields errors={submit.fields} notes={notes} />
        <SubmitButton busy={submit.busy}>Create mod</SubmitButton>
      </form>
    </Page>
  );
}
