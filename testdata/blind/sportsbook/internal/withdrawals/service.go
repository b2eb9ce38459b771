package withdrawals

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/audit"
	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/ids"
	"github.com/kickoffbet/sportsbook/internal/limits"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/providers/payout"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

const scopeWithdraw = "wallet.withdraw"

// Service implements the withdrawal lifecycle.
type Service struct {
	db     *sqlx.DB
	tx     db.Transactor
	wallet *wallet.Store
	keys   *idem.Keys
	limits *limits.Service
	outbox *outbox.Writer
	audit  *audit.Log
	sender payout.Sender
	store  store
	newID  func() string
	cfg    Config
	log    *slog.Logger
}

// Config holds partner-facing settings.
type Config struct {
	Brand       string
	CallbackURL string
}

// Option configures a Service.
type Option func(*Service)

// WithIDs overrides the withdrawal id generator.
func WithIDs(g ids.Generator) Option { return func(s *Service) { s.newID = g.New } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// NewService returns a withdrawals Service.
func NewService(conn *sqlx.DB, tx db.Transactor, ws *wallet.Store, keys *idem.Keys, lim *limits.Service,
	ob *outbox.Writer, al *audit.Log, sender payout.Sender, cfg Config, opts ...Option) *Service {
	s := &Service{
		db: conn, tx: tx, wallet: ws, keys: keys, limits: lim, outbox: ob, audit: al,
		sender: sender, cfg: cfg,
		newID: ids.Prefixed("wd", ids.ULID).New,
		log:   slog.Default(),
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Request holds the amount in the player's wallet and files a withdrawal for
// back-office approval.
func (s *Service) Request(ctx context.Context, in RequestInput) (*Withdrawal, error) {
	if in.RequestKey == "" {
		return nil, ErrMissingKey
	}
	key := in.PlayerID + ":" + in.RequestKey
	prior, found, err := s.keys.Lookup(ctx, s.db, scopeWithdraw, key)
	if err != nil {
		return nil, err
	}
	if found {
		var w Withdrawal
		if err := json.Unmarshal(prior, &w); err != nil {
			return nil, fmt.Errorf("withdrawals: decode stored response: %w", err)
		}
		return &w, nil
	}
	if err := s.limits.CheckPlayer(ctx, s.db, in.PlayerID); err != nil {
		return nil, err
	}

	w := &Withdrawal{
		ID:          s.newID(),
		PlayerID:    in.PlayerID,
		Amount:      in.Amount,
		Currency:    in.Currency,
		Destination: in.Destination,
		Status:      StatusRequested,
	}
	err = s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := s.wallet.Reserve(ctx, tx, w.PlayerID, w.Amount, wallet.EntryWithdrawalHold, "withdrawal", w.ID); err != nil {
			return err
		}
		if err := s.store.insert(ctx, tx, w); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("withdrawal.requested", w.ID),
			Topic:        outbox.TopicPayments,
			PartitionKey: w.PlayerID,
			Type:         "withdrawal.requested",
			Payload:      w,
		})
	})
	if err != nil {
		return nil, err
	}
	if err := s.keys.Save(ctx, s.db, scopeWithdraw, key, in.PlayerID, w); err != nil {
		s.log.Warn("withdrawals: could not store request key", "key", key, "err", err)
	}
	return w, nil
}

// Approve moves a requested withdrawal to approved so the payout worker picks
// it up.
func (s *Service) Approve(ctx context.Context, id, operator string) (*Withdrawal, error) {
	return db.InTx(ctx, s.tx, func(ctx context.Context, tx *sqlx.Tx) (*Withdrawal, error) {
		w, ok, err := s.store.transition(ctx, tx, `
UPDATE withdrawals
   SET status = 'approved', approved_at = now(), approved_by = $2
 WHERE id = $1 AND status = 'requested'`, id, operator)
		if err != nil {
			return nil, err
		}
		if !ok {
			cur, err := s.store.get(ctx, tx, id)
			if err != nil {
				return nil, err
			}
			switch cur.Status {
			case StatusApproved, StatusSending, StatusSent, StatusPaid:
				return cur, nil
			}
			return nil, fmt.Errorf("%w: %s", ErrNotPayable, cur.Status)
		}
		if err := s.audit.Record(ctx, tx, operator, "withdrawal.approve", "withdrawal", w.ID,
			map[string]any{"amount": w.Amount, "currency": w.Currency}); err != nil {
			return nil, err
		}
		return w, nil
	})
}

func (s *Service) payoutRequest(w *Withdrawal) payout.Request {
	return payout.Request{
		Amount:      w.Amount,
		Currency:    w.Currency,
		Beneficiary: payout.Beneficiary{Token: w.Destination},
		Reference:   payout.StatementText(s.cfg.Brand, w.ID),
		CallbackURL: s.cfg.CallbackURL,
	}
}

// PayoutNow is the back-office fast lane for VIP withdrawals: it approves and
// sends the payout in one step instead of waiting for the worker.
func (s *Service) PayoutNow(ctx context.Context, id, operator string) (*Withdrawal, error) {
	w, err := s.store.get(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	if w.Status != StatusRequested && w.Status != StatusApproved {
		return nil, fmt.Errorf("%w: %s", ErrNotPayable, w.Status)
	}
	res, err := s.sender.Send(ctx, s.payoutRequest(w))
	if err != nil {
		return nil, fmt.Errorf("withdrawals: send payout: %w", err)
	}
	return db.InTx(ctx, s.tx, func(ctx context.Context, tx *sqlx.Tx) (*Withdrawal, error) {
		sent, ok, err := s.store.transition(ctx, tx, `
UPDATE withdrawals
   SET status = 'sent', partner_payout_id = $2, sent_at = now(),
       approved_at = COALESCE(approved_at, now()), approved_by = COALESCE(approved_by, $3)
 WHERE id = $1 AND status IN ('requested', 'approved')`, w.ID, res.ID, operator)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("withdrawals: %s changed while sending", w.ID)
		}
		if err := s.audit.Record(ctx, tx, operator, "withdrawal.payout_now", "withdrawal", w.ID,
			map[string]any{"partner_payout_id": res.ID}); err != nil {
			return nil, err
		}
		return sent, nil
	})
}

// Dispatch sends approved withdrawals to the payout partner. It is run by the
// payout worker on a timer.
func (s *Service) Dispatch(ctx context.Context, batch int) (int, error) {
	claimed, err := s.store.claimApproved(ctx, s.db, batch)
	if err != nil {
		return 0, err
	}
	sent := 0
	for i := range claimed {
		w := &claimed[i]
		if err := s.send(ctx, w); err != nil {
			s.log.Error("payout failed, will retry", "withdrawal", w.ID, "err", err)
			if _, _, rerr := s.store.transition(ctx, s.db, `
UPDATE withdrawals SET status = 'approved' WHERE id = $1 AND status = 'sending'`, w.ID); rerr != nil {
				s.log.Error("could not requeue withdrawal", "withdrawal", w.ID, "err", rerr)
			}
			continue
		}
		sent++
	}
	return sent, nil
}

func (s *Service) send(ctx context.Context, w *Withdrawal) error {
	req := s.payoutRequest(w)
	req.RequestID = payout.NewReference("SB")
	res, err := s.sender.Send(ctx, req)
	if err != nil {
		return err
	}
	_, ok, err := s.store.transition(ctx, s.db, `
UPDATE withdrawals
   SET status = 'sent', payout_reference = $2, partner_payout_id = $3, sent_at = now()
 WHERE id = $1 AND status = 'sending'`, w.ID, req.RequestID, res.ID)
	if err != nil {
		return err
	}
	if !ok {
		s.log.Warn("withdrawal left sending state during payout", "withdrawal", w.ID)
	}
	return nil
}
