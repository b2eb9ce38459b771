package promo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/segmentio/ksuid"

	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

// Service manages free bets and bonuses.
type Service struct {
	db        *sqlx.DB
	tx        db.Transactor
	walletTx  *wallet.Store
	wallet    wallet.Service
	outbox    *outbox.Writer
	processed *idem.Processed
	freeBets  *db.Repo[FreeBet]
	bonuses   *db.Repo[Bonus]
	log       *slog.Logger
	now       func() time.Time
}

// NewService returns a promo Service.
func NewService(conn *sqlx.DB, tx db.Transactor, ws *wallet.Store, wsvc wallet.Service, ob *outbox.Writer,
	processed *idem.Processed, log *slog.Logger) *Service {
	return &Service{
		db: conn, tx: tx, walletTx: ws, wallet: wsvc, outbox: ob, processed: processed,
		freeBets: db.NewRepo[FreeBet]("free_bets", "award_id"),
		bonuses:  db.NewRepo[Bonus]("bonuses", "id"),
		log:      log,
		now:      time.Now,
	}
}

// AwardFreeBet stores a free bet token the player can use on a future bet.
func (s *Service) AwardFreeBet(ctx context.Context, a FreeBetAward) error {
	fb := &FreeBet{
		AwardID:    a.AwardID,
		PlayerID:   a.PlayerID,
		CampaignID: a.CampaignID,
		Amount:     a.Amount,
		Status:     "available",
		ExpiresAt:  s.now().Add(a.ValidFor).UTC(),
	}
	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := s.freeBets.Insert(ctx, tx, fb); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("freebet.credited", fb.AwardID),
			Topic:        outbox.TopicWallet,
			PartitionKey: fb.PlayerID,
			Type:         "freebet.credited",
			Payload:      fb,
		})
	})
}

// CreditDepositMatch pays a deposit-match bonus into the bonus pocket.
func (s *Service) CreditDepositMatch(ctx context.Context, m DepositMatch) (*Bonus, error) {
	amount := m.DepositAmt * m.MatchPercent / 100
	if m.MaxBonus > 0 && amount > m.MaxBonus {
		amount = m.MaxBonus
	}
	if amount <= 0 {
		return nil, nil
	}
	b := &Bonus{
		ID:               ksuid.New().String(),
		PlayerID:         m.PlayerID,
		Kind:             "deposit_match",
		Amount:           amount,
		Remaining:        amount,
		WageringRequired: amount * m.Wagering,
		Status:           "active",
		CampaignID:       &m.CampaignID,
		SourceRef:        &m.DepositID,
		ExpiresAt:        s.now().Add(m.ValidFor).UTC(),
	}
	return s.credit(ctx, b)
}

func (s *Service) credit(ctx context.Context, b *Bonus) (*Bonus, error) {
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := s.bonuses.Insert(ctx, tx, b); err != nil {
			return err
		}
		return s.bookBonus(ctx, tx, b)
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

func (s *Service) bookBonus(ctx context.Context, tx *sqlx.Tx, b *Bonus) error {
	if _, err := s.walletTx.Apply(ctx, tx, wallet.Movement{
		PlayerID:  b.PlayerID,
		Pocket:    wallet.Bonus,
		Amount:    b.Amount,
		EntryType: wallet.EntryBonusCredit,
		RefType:   "bonus",
		RefID:     b.ID,
	}); err != nil {
		return err
	}
	return s.outbox.Enqueue(ctx, tx, outbox.Event{
		ID:           outbox.EventID("bonus.credited", b.ID),
		Topic:        outbox.TopicWallet,
		PartitionKey: b.PlayerID,
		Type:         "bonus.credited",
		Payload:      b,
	})
}

// GrantWelcome credits the sign-up bonus and reports whether it was granted.
func (s *Service) GrantWelcome(ctx context.Context, playerID string, w Welcome) (bool, error) {
	b := &Bonus{
		ID:               "welcome-" + playerID,
		PlayerID:         playerID,
		Kind:             "welcome",
		Amount:           w.Amount,
		Remaining:        w.Amount,
		WageringRequired: w.Amount * w.Wagering,
		Status:           "active",
		CampaignID:       &w.CampaignID,
		ExpiresAt:        s.now().Add(w.ValidFor).UTC(),
	}
	return db.InTx(ctx, s.tx, func(ctx context.Context, tx *sqlx.Tx) (bool, error) {
		res, err := tx.NamedExecContext(ctx, `
INSERT INTO bonuses (id, player_id, kind, amount, remaining, wagering_required, status, campaign_id, expires_at)
VALUES (:id, :player_id, :kind, :amount, :remaining, :wagering_required, :status, :campaign_id, :expires_at)
ON CONFLICT (player_id) WHERE kind = 'welcome' DO NOTHING`, b)
		if err != nil {
			return false, fmt.Errorf("promo: insert welcome bonus: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return false, nil
		}
		return true, s.bookBonus(ctx, tx, b)
	})
}

// Revoke cancels an active bonus (abuse, terms breach) and removes what is
// left of it from the bonus pocket.
func (s *Service) Revoke(ctx context.Context, eventID, bonusID, reason string) (bool, error) {
	return db.InTx(ctx, s.tx, func(ctx context.Context, tx *sqlx.Tx) (bool, error) {
		first, err := s.processed.Mark(ctx, tx, eventID)
		if err != nil || !first {
			return false, err
		}
		b, err := s.bonuses.GetForUpdate(ctx, tx, bonusID)
		if errors.Is(err, db.ErrNotFound) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if b.Status != "active" {
			return false, nil
		}
		if _, err := tx.ExecContext(ctx, `
UPDATE bonuses SET status = 'revoked', remaining = 0 WHERE id = $1`, b.ID); err != nil {
			return false, fmt.Errorf("promo: revoke: %w", err)
		}
		if b.Remaining > 0 {
			if _, err := s.walletTx.Apply(ctx, tx, wallet.Movement{
				PlayerID:  b.PlayerID,
				Pocket:    wallet.Bonus,
				Amount:    -b.Remaining,
				EntryType: wallet.EntryBonusRevoke,
				RefType:   "bonus",
				RefID:     b.ID,
			}); err != nil {
				return false, err
			}
		}
		return true, s.outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("bonus.revoked", b.ID),
			Topic:        outbox.TopicWallet,
			PartitionKey: b.PlayerID,
			Type:         "bonus.revoked",
			Payload:      map[string]any{"bonus_id": b.ID, "player_id": b.PlayerID, "reason": reason, "removed": b.Remaining},
		})
	})
}
