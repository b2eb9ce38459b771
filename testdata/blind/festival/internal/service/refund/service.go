// Package refund pays unused wallet balance back to attendees after the
// festival, by bank transfer to the IBAN they register.
package refund

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/loopgate/festival-cashless/internal/apperr"
	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/store"
	"github.com/loopgate/festival-cashless/internal/tasks"
)

const (
	StatusPending   = "pending"
	StatusSubmitted = "submitted"

	pendingBatch = 1000
)

// Gateway is the payout part of the PayBridge client.
type Gateway interface {
	Payout(ctx context.Context, req payments.PayoutRequest, opts ...payments.CallOption) (*payments.PayoutResponse, error)
}

// BalanceHolder moves wallet balance into the refund reservation.
type BalanceHolder interface {
	HoldForRefund(ctx context.Context, walletID uuid.UUID) (int64, error)
}

type Service struct {
	store    *store.Store
	wallets  BalanceHolder
	gateway  Gateway
	enqueuer tasks.Enqueuer
	currency string
	newKey   func() string
}

func NewService(s *store.Store, wallets BalanceHolder, gw Gateway, enq tasks.Enqueuer, cfg config.Config) *Service {
	return &Service{
		store:    s,
		wallets:  wallets,
		gateway:  gw,
		enqueuer: enq,
		currency: cfg.Currency,
		newKey:   uuid.NewString,
	}
}

type RequestInput struct {
	WalletID   uuid.UUID
	AttendeeID uuid.UUID
	IBAN       string
	Holder     string
}

// Request is the self-service "refund my balance" flow in the app.
func (s *Service) Request(ctx context.Context, in RequestInput) (db.Refund, error) {
	iban := strings.ToUpper(strings.ReplaceAll(in.IBAN, " ", ""))
	if len(iban) < 15 || len(iban) > 34 {
		return db.Refund{}, apperr.Invalid("iban", "invalid IBAN")
	}
	w, err := s.store.GetWallet(ctx, in.WalletID)
	if err != nil {
		if store.NoRows(err) {
			return db.Refund{}, apperr.NotFound("wallet_not_found", "wallet %s not found", in.WalletID)
		}
		return db.Refund{}, err
	}
	if w.AttendeeID != in.AttendeeID {
		return db.Refund{}, apperr.Forbidden("not_owner", "wallet does not belong to caller")
	}
	if existing, found, err := store.Optional(s.store.GetRefundByWallet(ctx, w.ID)); err != nil {
		return db.Refund{}, err
	} else if found {
		return existing, nil
	}

	amount, err := s.wallets.HoldForRefund(ctx, w.ID)
	if err != nil {
		return db.Refund{}, err
	}

	r, err := store.InTxResult(ctx, s.store, func(q *db.Queries) (db.Refund, error) {
		if err := q.SetRefundAccount(ctx, db.SetRefundAccountParams{ID: in.AttendeeID, Iban: &iban, Holder: &in.Holder}); err != nil {
			return db.Refund{}, err
		}
		r, err := q.CreateRefund(ctx, db.CreateRefundParams{
			ID:          uuid.New(),
			WalletID:    w.ID,
			AttendeeID:  in.AttendeeID,
			AmountCents: amount,
			Iban:        iban,
			Holder:      in.Holder,
		})
		if store.NoRows(err) {
			return q.GetRefundByWallet(ctx, w.ID)
		}
		return r, err
	})
	if err != nil {
		return db.Refund{}, err
	}
	return r, s.schedule(ctx, r.ID)
}

func (s *Service) schedule(ctx context.Context, id uuid.UUID) error {
	return tasks.Enqueue(ctx, s.enqueuer, tasks.TypeRefundExecute, tasks.RefundExecutePayload{RefundID: id},
		asynq.TaskID("refund:"+id.String()),
		asynq.Queue(tasks.QueueDefault),
		asynq.MaxRetry(20),
		asynq.Retention(tasks.Retention),
	)
}

// CreateAll opens a refund for every wallet that still has a balance and
// a registered bank account, once the refund window opens.
func (s *Service) CreateAll(ctx context.Context) (int, error) {
	created, err := store.InTxResult(ctx, s.store, func(q *db.Queries) (int, error) {
		rows, err := q.CreateRefundsForOpenWallets(ctx)
		if err != nil {
			return 0, err
		}
		for _, r := range rows {
			if err := q.ReserveAmountForRefund(ctx, db.ReserveAmountForRefundParams{ID: r.WalletID, Amount: r.AmountCents}); err != nil {
				return 0, err
			}
			if err := store.Post(ctx, q, r.WalletID, store.LedgerRefundHold, -r.AmountCents, "refund:"+r.ID.String()); err != nil {
				return 0, err
			}
		}
		return len(rows), nil
	})
	if err != nil {
		return 0, err
	}
	pending, err := s.store.ListPendingRefunds(ctx, pendingBatch)
	if err != nil {
		return created, err
	}
	for _, id := range pending {
		if err := s.schedule(ctx, id); err != nil {
			return created, err
		}
	}
	return created, nil
}

// Execute submits the bank transfer for one refund.
func (s *Service) Execute(ctx context.Context, refundID uuid.UUID) error {
	r, err := s.store.GetRefund(ctx, refundID)
	if err != nil {
		if store.NoRows(err) {
			slog.WarnContext(ctx, "refund vanished", "refund", refundID)
			return nil
		}
		return err
	}
	if r.Status != StatusPending {
		return nil
	}
	res, err := s.gateway.Payout(ctx, payments.PayoutRequest{
		Reference:    "rf_" + r.ID.String(),
		Amount:       payments.Amount{Currency: s.currency, Value: r.AmountCents},
		Counterparty: payments.BankAccount{IBAN: r.Iban, OwnerName: r.Holder},
		Description:  "Loopgate Festival cashless refund",
	}, payments.WithIdempotencyKey(s.newKey()))
	if err != nil {
		return fmt.Errorf("refund %s payout: %w", r.ID, err)
	}
	return s.store.InTx(ctx, func(q *db.Queries) error {
		if err := q.MarkRefundSubmitted(ctx, db.MarkRefundSubmittedParams{ID: r.ID, PspReference: &res.ID}); err != nil {
			return err
		}
		return q.ReleaseReserved(ctx, db.ReleaseReservedParams{ID: r.WalletID, Amount: r.AmountCents})
	})
}

// ApplyOutcome records the final state reported by the payout webhook.
func (s *Service) ApplyOutcome(ctx context.Context, refundID uuid.UUID, status string) error {
	return s.store.SetRefundOutcome(ctx, db.SetRefundOutcomeParams{ID: refundID, Status: status})
}
