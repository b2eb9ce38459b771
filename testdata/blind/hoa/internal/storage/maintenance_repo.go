package storage

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/larchway/hoaops/internal/maintenance"
)

// RequestRepo persists maintenance requests.
type RequestRepo struct{ db *sqlx.DB }

// NewRequestRepo builds a RequestRepo.
func NewRequestRepo(db *sqlx.DB) *RequestRepo { return &RequestRepo{db: db} }

type upsertedRequest struct {
	maintenance.Request
	Inserted bool `db:"inserted"`
}

// Upsert inserts the request or returns the one stored for its request key.
func (r *RequestRepo) Upsert(ctx context.Context, req maintenance.Request) (maintenance.Request, bool, error) {
	var out upsertedRequest
	err := conn(ctx, r.db).GetContext(ctx, &out, qRequestUpsert,
		req.ID, req.AssociationID, req.AccountID, req.RequestKey, req.PublicRef,
		req.Category, req.Priority, req.Description, req.Location, req.Status)
	if err != nil {
		return maintenance.Request{}, false, translate(err, "upsert maintenance request")
	}
	return out.Request, out.Inserted, nil
}

// Get loads one request.
func (r *RequestRepo) Get(ctx context.Context, id uuid.UUID) (maintenance.Request, error) {
	var out maintenance.Request
	err := conn(ctx, r.db).GetContext(ctx, &out, qRequestGet, id)
	return out, translate(err, "maintenance request "+id.String())
}

// GetByWorkOrder loads the request dispatched as a TradeLink work order.
func (r *RequestRepo) GetByWorkOrder(ctx context.Context, workOrderRef string) (maintenance.Request, error) {
	var out maintenance.Request
	err := conn(ctx, r.db).GetContext(ctx, &out, qRequestByWorkOrder, workOrderRef)
	return out, translate(err, "work order "+workOrderRef)
}

// MarkDispatched records the work order on a not-yet-dispatched request (or
// the same work order again).
func (r *RequestRepo) MarkDispatched(ctx context.Context, id, vendorID uuid.UUID, workOrderRef string) (bool, error) {
	ok, err := rowsAffected(conn(ctx, r.db).ExecContext(ctx, qRequestMarkDispatched, id, vendorID, workOrderRef))
	return ok, translate(err, "mark dispatched")
}

// UpdateStatusByWorkOrder moves an open request to status.
func (r *RequestRepo) UpdateStatusByWorkOrder(ctx context.Context, workOrderRef, status string) (bool, error) {
	ok, err := rowsAffected(conn(ctx, r.db).ExecContext(ctx, qRequestUpdateStatusByWorkOrder, workOrderRef, status))
	return ok, translate(err, "update request status")
}

// MarkCompleted closes the request for a work order.
func (r *RequestRepo) MarkCompleted(ctx context.Context, workOrderRef string, at time.Time) (maintenance.Request, error) {
	var out maintenance.Request
	err := conn(ctx, r.db).GetContext(ctx, &out, qRequestMarkCompleted, workOrderRef, at)
	return out, translate(err, "complete work order "+workOrderRef)
}

// VendorRepo reads the vendor roster.
type VendorRepo struct{ db *sqlx.DB }

// NewVendorRepo builds a VendorRepo.
func NewVendorRepo(db *sqlx.DB) *VendorRepo { return &VendorRepo{db: db} }

// Get loads one vendor.
func (r *VendorRepo) Get(ctx context.Context, id uuid.UUID) (maintenance.Vendor, error) {
	var v maintenance.Vendor
	err := conn(ctx, r.db).GetContext(ctx, &v, qVendorGet, id)
	return v, translate(err, "vendor "+id.String())
}

// GetByNetworkID loads a vendor by TradeLink id.
func (r *VendorRepo) GetByNetworkID(ctx context.Context, associationID uuid.UUID, networkID string) (maintenance.Vendor, error) {
	var v maintenance.Vendor
	err := conn(ctx, r.db).GetContext(ctx, &v, qVendorByNetworkID, associationID, networkID)
	return v, translate(err, "vendor "+networkID)
}

// OnCallFor loads the on-call vendor for a trade.
func (r *VendorRepo) OnCallFor(ctx context.Context, associationID uuid.UUID, trade string) (maintenance.Vendor, error) {
	var v maintenance.Vendor
	err := conn(ctx, r.db).GetContext(ctx, &v, qVendorOnCall, associationID, trade)
	return v, translate(err, "on-call vendor for "+trade)
}

// QuoteRepo persists vendor quotes.
type QuoteRepo struct{ db *sqlx.DB }

// NewQuoteRepo builds a QuoteRepo.
func NewQuoteRepo(db *sqlx.DB) *QuoteRepo { return &QuoteRepo{db: db} }

// Insert stores a quote.
func (r *QuoteRepo) Insert(ctx context.Context, q maintenance.Quote) error {
	_, err := sqlx.NamedExecContext(ctx, conn(ctx, r.db), qQuoteInsert, q)
	return translate(err, "insert quote")
}

// PayoutRepo persists vendor payouts.
type PayoutRepo struct{ db *sqlx.DB }

// NewPayoutRepo builds a PayoutRepo.
func NewPayoutRepo(db *sqlx.DB) *PayoutRepo { return &PayoutRepo{db: db} }

// Upsert creates the request's payout or returns the existing one.
func (r *PayoutRepo) Upsert(ctx context.Context, p maintenance.Payout) (maintenance.Payout, error) {
	var out maintenance.Payout
	err := conn(ctx, r.db).GetContext(ctx, &out, qPayoutUpsert, p.ID, p.RequestID, p.VendorID, p.AmountCents, p.Status)
	return out, translate(err, "upsert payout")
}

// Get loads one payout.
func (r *PayoutRepo) Get(ctx context.Context, id uuid.UUID) (maintenance.Payout, error) {
	var out maintenance.Payout
	err := conn(ctx, r.db).GetContext(ctx, &out, qPayoutGet, id)
	return out, translate(err, "payout "+id.String())
}

// MarkPaid records the Paylane transfer.
func (r *PayoutRepo) MarkPaid(ctx context.Context, id uuid.UUID, transferRef string) error {
	_, err := conn(ctx, r.db).ExecContext(ctx, qPayoutMarkPaid, id, transferRef)
	return translate(err, "mark payout paid")
}
