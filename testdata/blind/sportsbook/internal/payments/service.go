package payments

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/ids"
	"github.com/kickoffbet/sportsbook/internal/limits"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/providers/psp"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

// Service is the payments API used by the gRPC server, the admin API, the
// PSP webhook receiver and the reconciliation job.
type Service interface {
	Deposit(ctx context.Context, req DepositRequest) (*DepositResult, error)
	Confirm(ctx context.Context, depositID, pspPaymentID string, amount int64) (bool, error)
	Fail(ctx context.Context, depositID, code string) (bool, error)
	Refund(ctx context.Context, depositID string, amount int64, reason, operator string) (*Refund, error)
	RecordChargeback(ctx context.Context, cb Chargeback) error
	Reconcile(ctx context.Context, olderThanSeconds, batch int) (int, error)
	Get(ctx context.Context, depositID string) (*Deposit, error)
}

// Deps are the collaborators of the payments service.
type Deps struct {
	DB      *sqlx.DB
	Tx      db.Transactor
	PSP     psp.Gateway
	Wallet  *wallet.Store
	Limits  *limits.Service
	Outbox  *outbox.Writer
	IDs     ids.Generator
	Log     *slog.Logger
	BaseURL string
}

type service struct {
	Deps
	store Store
}

// NewService returns the payments service.
func NewService(d Deps) Service {
	if d.IDs == nil {
		d.IDs = ids.UUID
	}
	return &service{Deps: d}
}

func (s *service) Get(ctx context.Context, depositID string) (*Deposit, error) {
	return s.store.Get(ctx, s.DB, depositID)
}

// Deposit registers the deposit under the client's request id, then asks the
// PSP to charge the stored payment method.
func (s *service) Deposit(ctx context.Context, req DepositRequest) (*DepositResult, error) {
	if err := s.Limits.CheckDeposit(ctx, s.DB, req.PlayerID, req.Amount); err != nil {
		return nil, err
	}
	res, err := db.InTx(ctx, s.Tx, func(ctx context.Context, tx *sqlx.Tx) (depositAndFlag, error) {
		d, created, err := s.store.InsertIfAbsent(ctx, tx, &Deposit{
			ID:          s.IDs.New(),
			PlayerID:    req.PlayerID,
			RequestID:   req.RequestID,
			Amount:      req.Amount,
			Currency:    req.Currency,
			MethodToken: req.MethodToken,
		})
		return depositAndFlag{d, created}, err
	})
	if err != nil {
		return nil, err
	}
	dep := res.d
	if !dep.Open() {
		return &DepositResult{DepositID: dep.ID, Status: dep.Status}, nil
	}
	if dep.Amount != req.Amount || dep.Currency != req.Currency {
		return nil, fmt.Errorf("payments: request id %s reused with different amount", req.RequestID)
	}

	payment, err := s.PSP.CreatePayment(ctx, psp.PaymentRequest{
		Amount:            dep.Amount,
		Currency:          dep.Currency,
		PaymentMethod:     dep.MethodToken,
		MerchantReference: dep.ID,
		Customer:          dep.PlayerID,
		Capture:           true,
		ReturnURL:         req.ReturnURL,
	}, psp.WithIdempotencyKey("deposit-"+dep.ID))
	if err != nil {
		return nil, fmt.Errorf("payments: create payment: %w", err)
	}

	switch payment.Status {
	case psp.StatusCaptured:
		if err := s.store.AttachPayment(ctx, s.DB, dep.ID, payment.ID, StatusAuthorised); err != nil {
			return nil, err
		}
		if _, err := s.Confirm(ctx, dep.ID, payment.ID, payment.Amount); err != nil {
			return nil, err
		}
		return &DepositResult{DepositID: dep.ID, Status: StatusSucceeded}, nil
	case psp.StatusDeclined:
		if err := s.store.AttachPayment(ctx, s.DB, dep.ID, payment.ID, StatusPending); err != nil {
			return nil, err
		}
		if _, err := s.Fail(ctx, dep.ID, payment.DeclineCode); err != nil {
			return nil, err
		}
		return &DepositResult{DepositID: dep.ID, Status: StatusFailed}, nil
	default:
		if err := s.store.AttachPayment(ctx, s.DB, dep.ID, payment.ID, StatusPending); err != nil {
			return nil, err
		}
		return &DepositResult{DepositID: dep.ID, Status: StatusPending, RedirectURL: payment.RedirectURL}, nil
	}
}

type depositAndFlag struct {
	d       *Deposit
	created bool
}

// Confirm credits a captured deposit. It is called from the
// synchronous deposit path, the payment.succeeded webhook and reconciliation.
func (s *service) Confirm(ctx context.Context, depositID, pspPaymentID string, amount int64) (bool, error) {
	return db.InTx(ctx, s.Tx, func(ctx context.Context, tx *sqlx.Tx) (bool, error) {
		d, err := s.store.Lock(ctx, tx, depositID)
		if err != nil {
			return false, err
		}
		if !d.Open() {
			return false, nil
		}
		if amount != d.Amount {
			s.Log.Warn("captured amount differs from requested", "deposit", d.ID, "requested", d.Amount, "captured", amount)
		}
		if _, err := tx.ExecContext(ctx, `
UPDATE deposits
   SET status = 'succeeded', psp_payment_id = COALESCE(psp_payment_id, $2), completed_at = now()
 WHERE id = $1`, d.ID, pspPaymentID); err != nil {
			return false, fmt.Errorf("payments: mark succeeded: %w", err)
		}
		if _, err := s.Wallet.Apply(ctx, tx, wallet.Movement{
			PlayerID:  d.PlayerID,
			Pocket:    wallet.Cash,
			Amount:    amount,
			EntryType: wallet.EntryDeposit,
			RefType:   "deposit",
			RefID:     d.ID,
		}); err != nil {
			return false, err
		}
		return true, s.Outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("deposit.succeeded", d.ID),
			Topic:        outbox.TopicPayments,
			PartitionKey: d.PlayerID,
			Type:         "deposit.succeeded",
			Payload: map[string]any{
				"deposit_id": d.ID, "player_id": d.PlayerID, "amount": amount, "currency": d.Currency,
			},
		})
	})
}

// Fail marks an open deposit as failed.
func (s *service) Fail(ctx context.Context, depositID, code string) (bool, error) {
	return db.InTx(ctx, s.Tx, func(ctx context.Context, tx *sqlx.Tx) (bool, error) {
		var playerID string
		err := tx.GetContext(ctx, &playerID, `
UPDATE deposits
   SET status = 'failed', failure_code = $2, completed_at = now()
 WHERE id = $1 AND status IN ('pending', 'authorised')
RETURNING player_id`, depositID, code)
		if err != nil {
			if db.IsNoRows(err) {
				return false, nil
			}
			return false, fmt.Errorf("payments: mark failed: %w", err)
		}
		return true, s.Outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("deposit.failed", depositID),
			Topic:        outbox.TopicPayments,
			PartitionKey: playerID,
			Type:         "deposit.failed",
			Payload:      map[string]any{"deposit_id": depositID, "player_id": playerID, "code": code},
		})
	})
}
