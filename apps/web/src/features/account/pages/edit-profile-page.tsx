import { MSG } from '@bagshop/shared/messages';
import type { ReactNode } from 'react';
import { Card, Container } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAccountQuery, useEditProfileMutation } from '../../../api/account-api.ts';
import { errorMessage, errorStatus, fieldErrors } from '../../../api/errors.ts';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { userUpdated } from '../../../session/session-slice.ts';
import { useAppDispatch } from '../../../store/store.ts';
import { ProfileForm } from '../components/profile-form.tsx';

export function EditProfilePage() {
  usePageTitle('Edit profile');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data, isLoading, error, refetch, isFetching } = useAccountQuery();
  const [editProfile] = useEditProfileMutation();

  let body: ReactNode;
  if (isLoading) {
    body = <LoadingState text="Loading your profile…" />;
  } else if (error || !data) {
    body = (
      <LoadFailed
        message={errorMessage(error, MSG.accountLoadFailed)}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  } else {
    const { user } = data;
    body = (
      <ProfileForm
        defaultValues={{ name: user.name, email: user.email, phone: user.phone }}
        hasPassword={user.hasPassword !== false}
        onSave={async (values) => {
          try {
            const answer = await editProfile(values).unwrap();
            dispatch(userUpdated(answer.user));
            toast.success(answer.message || MSG.profileUpdated);
            if (answer.pendingEmail) {
              toast.info(answer.currentEmailCodeSent ? MSG.currentEmailCodeSent : MSG.emailChangeCodeSent);
              navigate('/account/verify-email-change', {
                state: {
                  email: answer.pendingEmail,
                  currentEmail: answer.currentEmailCodeSent ? user.email : undefined,
                },
              });
            } else {
              navigate('/account');
            }
            return {};
          } catch (error) {
            const fields = fieldErrors(error);
            if (errorStatus(error) === 409 && !fields.email) fields.email = errorMessage(error, MSG.emailTaken);
            toast.error(errorMessage(error, MSG.profileUpdateFailed));
            return fields;
          }
        }}
      />
    );
  }

  return (
    <Container className="py-4">
      <Card className="auth-card shadow-sm border-0 mt-0">
        <Card.Body className="p-4">
          <h1 className="h4 mb-3">Edit profile</h1>
          {body}
        </Card.Body>
      </Card>
    </Container>
  );
}
