import HomePage from '../../features/home/home-page.tsx';
import { AllergiesPrompt } from '../notices/allergies-prompt.tsx';
import { PendingNotice } from '../notices/pending-notice.tsx';

/**
 * /home with the notices other features put on it: the prompt to show
 * allergies on the Emergency tab (`permissoes`) and the records awaiting the
 * patient's approval (`timeline`). Composed here so that no feature imports another.
 */
export default function HomeRoute() {
  return (
    <HomePage
      notices={(userId) => (
        <>
          <AllergiesPrompt userId={userId} />
          <PendingNotice />
        </>
      )}
    />
  );
}
