package repo

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/store"
)

type Refills struct{ s *store.Store }

func NewRefills(s *store.Store) *Refills { return &Refills{s: s} }

func (r *Refills) Get(ctx context.Context, id string) (db.RefillRequest, error) {
	rr, err := r.s.Q(ctx).GetRefillRequest(ctx, id)
	return rr, notFound(err, "refill_not_found", "refill request not found")
}

func (r *Refills) Create(ctx context.Context, p db.InsertRefillRequestParams) (db.RefillRequest, error) {
	return r.s.Q(ctx).InsertRefillRequest(ctx, p)
}

// CreateForClinic inserts a clinic-initiated request, or returns the one the
// clinic already created with the same client request ID. created is false in
// the second case.
func (r *Refills) CreateForClinic(ctx context.Context, p db.InsertClinicRefillRequestParams) (rr db.RefillRequest, created bool, err error) {
	q := r.s.Q(ctx)
	rr, err = q.InsertClinicRefillRequest(ctx, p)
	if err == nil {
		return rr, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return db.RefillRequest{}, false, err
	}
	rr, err = q.GetRefillByClientRequestID(ctx, p.ClinicID, p.ClientRequestID)
	return rr, false, err
}

func (r *Refills) Decide(ctx context.Context, p db.DecideRefillRequestParams) (bool, error) {
	n, err := r.s.Q(ctx).DecideRefillRequest(ctx, p)
	return n == 1, err
}

func (r *Refills) ExpireStale(ctx context.Context, days int32) ([]string, error) {
	return r.s.Q(ctx).ExpireStaleRefillRequests(ctx, days)
}
