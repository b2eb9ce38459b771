package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
)

type Charges interface {
	// CreateForRide records the charge intent for a ride; it is a no-op when
	// the ride already has one.
	CreateForRide(ctx context.Context, arg db.CreateRideChargeParams) (db.RideCharge, error)
	Get(ctx context.Context, id uuid.UUID) (db.RideCharge, error)
	GetByRide(ctx context.Context, rideID uuid.UUID) (db.RideCharge, error)
	MarkSucceeded(ctx context.Context, id uuid.UUID, paymentIntentID string, at time.Time) error
	MarkFailed(ctx context.Context, id uuid.UUID, code string) error
	With(q db.Querier) Charges
}

type chargeRepo struct{ q db.Querier }

func NewCharges(q db.Querier) Charges { return &chargeRepo{q: q} }

func (r *chargeRepo) With(q db.Querier) Charges { return &chargeRepo{q: q} }

func (r *chargeRepo) CreateForRide(ctx context.Context, arg db.CreateRideChargeParams) (db.RideCharge, error) {
	if _, err := r.q.CreateRideCharge(ctx, arg); err != nil {
		return db.RideCharge{}, err
	}
	return r.q.GetRideChargeByRide(ctx, arg.RideID)
}

func (r *chargeRepo) Get(ctx context.Context, id uuid.UUID) (db.RideCharge, error) {
	c, err := r.q.GetRideCharge(ctx, id)
	return c, notFound(err)
}

func (r *chargeRepo) GetByRide(ctx context.Context, rideID uuid.UUID) (db.RideCharge, error) {
	c, err := r.q.GetRideChargeByRide(ctx, rideID)
	return c, notFound(err)
}

func (r *chargeRepo) MarkSucceeded(ctx context.Context, id uuid.UUID, paymentIntentID string, at time.Time) error {
	return r.q.MarkRideChargeSucceeded(ctx, db.MarkRideChargeSucceededParams{
		ID:              id,
		PaymentIntentID: text(paymentIntentID),
		ChargedAt:       pgtype.Timestamptz{Time: at, Valid: true},
	})
}

func (r *chargeRepo) MarkFailed(ctx context.Context, id uuid.UUID, code string) error {
	return r.q.MarkRideChargeFailed(ctx, db.MarkRideChargeFailedParams{ID: id, FailureCode: text(code)})
}

type Wallets interface {
	Balance(ctx context.Context, riderID uuid.UUID) (int64, error)
	// Apply moves the balance by delta and writes the ledger line. Call it
	// inside a transaction.
	Apply(ctx context.Context, riderID uuid.UUID, delta int64, reason, reference string) (int64, error)
	CreateTopup(ctx context.Context, arg db.CreateTopupParams) (db.Topup, error)
	TopupByPaymentIntent(ctx context.Context, paymentIntentID string) (db.Topup, error)
	MarkTopupCredited(ctx context.Context, id string) error
	With(q db.Querier) Wallets
}

type walletRepo struct{ q db.Querier }

func NewWallets(q db.Querier) Wallets { return &walletRepo{q: q} }

func (r *walletRepo) With(q db.Querier) Wallets { return &walletRepo{q: q} }

func (r *walletRepo) Balance(ctx context.Context, riderID uuid.UUID) (int64, error) {
	w, err := r.q.GetWallet(ctx, riderID)
	if err = notFound(err); err == ErrNotFound {
		return 0, nil
	}
	return w.BalanceCents, err
}

func (r *walletRepo) Apply(ctx context.Context, riderID uuid.UUID, delta int64, reason, reference string) (int64, error) {
	if err := r.q.EnsureWalletAccount(ctx, riderID); err != nil {
		return 0, err
	}
	if _, err := r.q.GetWalletForUpdate(ctx, riderID); err != nil {
		return 0, err
	}
	balance, err := r.q.AdjustWalletBalance(ctx, db.AdjustWalletBalanceParams{RiderID: riderID, Delta: delta})
	if err != nil {
		return 0, err
	}
	err = r.q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:          uuid.New(),
		RiderID:     riderID,
		AmountCents: delta,
		Reason:      reason,
		Reference:   reference,
	})
	return balance, err
}

func (r *walletRepo) CreateTopup(ctx context.Context, arg db.CreateTopupParams) (db.Topup, error) {
	return r.q.CreateTopup(ctx, arg)
}

func (r *walletRepo) TopupByPaymentIntent(ctx context.Context, paymentIntentID string) (db.Topup, error) {
	t, err := r.q.GetTopupByPaymentIntent(ctx, text(paymentIntentID))
	return t, notFound(err)
}

func (r *walletRepo) MarkTopupCredited(ctx context.Context, id string) error {
	return r.q.MarkTopupCredited(ctx, id)
}

type Refunds interface {
	// Request stores a refund request for a charge and returns the request
	// that holds the charge, new or old.
	Request(ctx context.Context, arg db.CreateRefundRequestParams) (db.RefundRequest, bool, error)
	Get(ctx context.Context, id uuid.UUID) (db.RefundRequest, error)
	MarkProcessed(ctx context.Context, id uuid.UUID, stripeRefundID string) error
	With(q db.Querier) Refunds
}

type refundRepo struct{ q db.Querier }

func NewRefunds(q db.Querier) Refunds { return &refundRepo{q: q} }

func (r *refundRepo) With(q db.Querier) Refunds { return &refundRepo{q: q} }

func (r *refundRepo) Request(ctx context.Context, arg db.CreateRefundRequestParams) (db.RefundRequest, bool, error) {
	n, err := r.q.CreateRefundRequest(ctx, arg)
	if err != nil {
		return db.RefundRequest{}, false, err
	}
	req, err := r.q.GetRefundRequestByCharge(ctx, arg.ChargeID)
	return req, n == 1, err
}

func (r *refundRepo) Get(ctx context.Context, id uuid.UUID) (db.RefundRequest, error) {
	req, err := r.q.GetRefundRequest(ctx, id)
	return req, notFound(err)
}

func (r *refundRepo) MarkProcessed(ctx context.Context, id uuid.UUID, stripeRefundID string) error {
	return r.q.MarkRefundProcessed(ctx, db.MarkRefundProcessedParams{ID: id, StripeRefundID: text(stripeRefundID)})
}
