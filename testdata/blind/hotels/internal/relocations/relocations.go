// Package relocations handles walking a guest to a partner property when the
// hotel is overbooked.
package relocations

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/oklog/ulid/v2"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/sqldb"
	"github.com/harbourline/hotels/internal/reservations"
)

// Relocation is a completed walk.
type Relocation struct {
	ID              string
	ReservationID   string
	PartnerProperty string
	PartnerBooking  string
	Reason          string
}

// Repository stores relocations.
type Repository interface {
	Insert(ctx context.Context, r *Relocation) error
}

type pgRepository struct{ db *sql.DB }

// NewRepository returns the Postgres implementation.
func NewRepository(db *sql.DB) Repository { return &pgRepository{db: db} }

func (p *pgRepository) Insert(ctx context.Context, r *Relocation) error {
	_, err := sqldb.Conn(ctx, p.db).ExecContext(ctx, `INSERT INTO relocations
		(id, reservation_id, partner_property, partner_booking, reason) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (id) DO NOTHING`,
		r.ID, r.ReservationID, r.PartnerProperty, r.PartnerBooking, r.Reason)
	return err
}

// Starter starts the relocation workflow under the given workflow ID.
type Starter interface {
	StartRelocation(ctx context.Context, req domain.RelocationRequest, workflowID string) (runID string, err error)
}

// Requester validates relocation requests and hands them to the workflow.
type Requester struct {
	reservations reservations.Reader
	starter      Starter
	newRef       func() string
}

// NewRequester returns a Requester.
func NewRequester(res reservations.Reader, starter Starter) *Requester {
	return &Requester{reservations: res, starter: starter, newRef: func() string { return ulid.Make().String() }}
}

// Ticket identifies a started relocation.
type Ticket struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
}

// Request starts a relocation for a confirmed reservation.
func (r *Requester) Request(ctx context.Context, req domain.RelocationRequest) (*Ticket, error) {
	res, err := r.reservations.Get(ctx, req.ReservationID)
	if err != nil {
		return nil, err
	}
	if res.Status != domain.StatusConfirmed {
		return nil, fmt.Errorf("%w: reservation %s is %s", domain.ErrConflict, res.ID, res.Status)
	}
	if req.Channel == "" {
		req.Channel = res.Channel
	}
	workflowID := "relocation-" + r.newRef()
	runID, err := r.starter.StartRelocation(ctx, req, workflowID)
	if err != nil {
		return nil, err
	}
	return &Ticket{WorkflowID: workflowID, RunID: runID}, nil
}
