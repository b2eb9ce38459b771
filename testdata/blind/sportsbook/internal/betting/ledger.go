package betting

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

// ledger turns bet outcomes into wallet movements. Every method runs in the
// caller's transaction.
type ledger struct {
	wallet *wallet.Store
	outbox *outbox.Writer
}

// returnStake gives the stake back: the cash hold is released, a free bet
// becomes available again.
func (l *ledger) returnStake(ctx context.Context, tx *sqlx.Tx, b *Bet) error {
	if b.StakePocket == PocketFreeBet {
		if b.FreeBetID == nil {
			return nil
		}
		_, err := tx.ExecContext(ctx, `
UPDATE free_bets SET status = 'available', used_bet_id = NULL
 WHERE award_id = $1 AND status = 'used' AND expires_at > now()`, *b.FreeBetID)
		if err != nil {
			return fmt.Errorf("betting: restore free bet: %w", err)
		}
		return nil
	}
	return l.wallet.Release(ctx, tx, b.PlayerID, b.Stake, wallet.EntryStakeRelease, "bet", b.ID)
}

// takeStake consumes the held stake of a cash bet.
func (l *ledger) takeStake(ctx context.Context, tx *sqlx.Tx, b *Bet) error {
	if b.StakePocket == PocketFreeBet {
		return nil
	}
	return l.wallet.Capture(ctx, tx, b.PlayerID, b.Stake, wallet.EntryStakeCapture, "bet", b.ID)
}

// pay takes the stake and credits amount to cash.
func (l *ledger) pay(ctx context.Context, tx *sqlx.Tx, b *Bet, amount int64, entryType string) error {
	if err := l.takeStake(ctx, tx, b); err != nil {
		return err
	}
	if amount <= 0 {
		return nil
	}
	_, err := l.wallet.Apply(ctx, tx, wallet.Movement{
		PlayerID:  b.PlayerID,
		Pocket:    wallet.Cash,
		Amount:    amount,
		EntryType: entryType,
		RefType:   "bet",
		RefID:     b.ID,
	})
	return err
}

// adjust applies a signed correction to cash, taking no more than is
// available when the correction is a debit. It returns the amount applied.
func (l *ledger) adjust(ctx context.Context, tx *sqlx.Tx, b *Bet, delta int64) (int64, error) {
	if delta == 0 {
		return 0, nil
	}
	if delta < 0 {
		w, err := l.wallet.Lock(ctx, tx, b.PlayerID)
		if err != nil {
			return 0, err
		}
		delta = -min(-delta, w.Available())
		if delta == 0 {
			return 0, nil
		}
	}
	_, err := l.wallet.Apply(ctx, tx, wallet.Movement{
		PlayerID:  b.PlayerID,
		Pocket:    wallet.Cash,
		Amount:    delta,
		EntryType: wallet.EntryResettle,
		RefType:   "bet",
		RefID:     b.ID,
	})
	return delta, err
}

func (l *ledger) publish(ctx context.Context, tx *sqlx.Tx, b *Bet, eventType string, idParts ...string) error {
	parts := append([]string{eventType, b.ID}, idParts...)
	return l.outbox.Enqueue(ctx, tx, outbox.Event{
		ID:           outbox.EventID(parts...),
		Topic:        outbox.TopicBets,
		PartitionKey: b.PlayerID,
		Type:         eventType,
		Payload:      b,
	})
}
