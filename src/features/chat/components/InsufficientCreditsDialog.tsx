// SPEC §8: the run was refused for lack of credits; Purchase Credits leads to /payment.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectInsufficientCreditsOpen } from '../chatSelectors';
import { insufficientCreditsDialogClosed } from '../chatSlice';
import { CHAT_ERROR_TEXT } from '../errorMapping';

export function InsufficientCreditsDialog() {
  const open = useAppSelector(selectInsufficientCreditsOpen);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const close = () => dispatch(insufficientCreditsDialogClosed());
  return (
    <Dialog open={open} onClose={close} aria-labelledby="insufficient-credits-title">
      <DialogTitle id="insufficient-credits-title">{CHAT_ERROR_TEXT.insufficientCreditsTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{CHAT_ERROR_TEXT.insufficientCreditsBody}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => {
            close();
            void navigate('/payment');
          }}
        >
          Purchase Credits
        </Button>
      </DialogActions>
    </Dialog>
  );
}
