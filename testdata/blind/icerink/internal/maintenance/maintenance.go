// Package maintenance tracks resurfacer (Zamboni) work orders and hands
// them to IceCare Services, our maintenance contractor.
package maintenance

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/google/wire"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/icecare"
)

var ProviderSet = wire.NewSet(NewStore, wire.Bind(new(Repository), new(*Store)), NewCommands)

// OpenWorkOrder is submitted from the ops tablet when a driver flags a
// problem. RequestKey is the tablet's Idempotency-Key for the submission.
type OpenWorkOrder struct {
	RequestKey   string
	ResurfacerID string
	Summary      string
	Priority     string
}

func (c OpenWorkOrder) Validate() error {
	if c.RequestKey == "" {
		return errors.New("Idempotency-Key header is required")
	}
	if c.ResurfacerID == "" || c.Summary == "" {
		return errors.New("resurfacer_id and summary are required")
	}
	switch c.Priority {
	case "", "low", "normal", "urgent":
	default:
		return errors.New("priority must be low, normal or urgent")
	}
	return nil
}

// WorkOrderID is the ID a work order opened with requestKey gets.
func WorkOrderID(requestKey string) uuid.UUID {
	return platform.DeriveUUID("work-order", requestKey)
}

type Dispatch struct {
	WorkOrderID uuid.UUID
	Attempt     int
}

// ContractorUpdate is one webhook delivery from IceCare.
type ContractorUpdate struct {
	Event icecare.Event
}

// Contractor is the IceCare surface we call.
type Contractor interface {
	CreateJob(ctx context.Context, req icecare.JobRequest) (*icecare.Job, error)
}

// Pager texts the on-call facilities manager.
type Pager interface {
	Send(ctx context.Context, to, body string) (string, error)
}

type Repository interface {
	Resurfacer(ctx context.Context, id string) (db.Resurfacer, error)
	SetInService(ctx context.Context, id string, inService bool) error
	InsertWorkOrder(ctx context.Context, p db.InsertWorkOrderParams) (bool, error)
	WorkOrder(ctx context.Context, id uuid.UUID) (db.WorkOrder, error)
	WorkOrderByJob(ctx context.Context, jobID string) (db.WorkOrder, error)
	MarkDispatched(ctx context.Context, id uuid.UUID, jobID string) error
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
	LogAttempt(ctx context.Context, p db.InsertDispatchAttemptParams) error
	ClaimEvent(ctx context.Context, eventID string, workOrderID uuid.UUID, kind string) (bool, error)
	AddNote(ctx context.Context, p db.InsertWorkOrderNoteParams) error
}

type Store struct {
	pool *pgxpool.Pool
}

func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

func (s *Store) q(ctx context.Context) *db.Queries { return platform.Q(ctx, s.pool) }

func (s *Store) Resurfacer(ctx context.Context, id string) (db.Resurfacer, error) {
	r, err := s.q(ctx).GetResurfacer(ctx, id)
	return r, platform.NotFound(err, "resurfacer")
}

func (s *Store) SetInService(ctx context.Context, id string, inService bool) error {
	return s.q(ctx).SetResurfacerInService(ctx, id, inService)
}

func (s *Store) InsertWorkOrder(ctx context.Context, p db.InsertWorkOrderParams) (bool, error) {
	n, err := s.q(ctx).InsertWorkOrder(ctx, p)
	return n == 1, err
}

func (s *Store) WorkOrder(ctx context.Context, id uuid.UUID) (db.WorkOrder, error) {
	w, err := s.q(ctx).GetWorkOrder(ctx, id)
	return w, platform.NotFound(err, "work order")
}

func (s *Store) WorkOrderByJob(ctx context.Context, jobID string) (db.WorkOrder, error) {
	w, err := s.q(ctx).GetWorkOrderByJob(ctx, pgtype.Text{String: jobID, Valid: true})
	return w, platform.NotFound(err, "work order for job")
}

func (s *Store) MarkDispatched(ctx context.Context, id uuid.UUID, jobID string) error {
	return s.q(ctx).MarkWorkOrderDispatched(ctx, id, pgtype.Text{String: jobID, Valid: true})
}

func (s *Store) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	return s.q(ctx).UpdateWorkOrderStatus(ctx, id, status)
}

func (s *Store) LogAttempt(ctx context.Context, p db.InsertDispatchAttemptParams) error {
	return s.q(ctx).InsertDispatchAttempt(ctx, p)
}

func (s *Store) ClaimEvent(ctx context.Context, eventID string, workOrderID uuid.UUID, kind string) (bool, error) {
	n, err := s.q(ctx).ClaimContractorEvent(ctx, eventID, workOrderID, kind)
	return n == 1, err
}

func (s *Store) AddNote(ctx context.Context, p db.InsertWorkOrderNoteParams) error {
	return s.q(ctx).InsertWorkOrderNote(ctx, p)
}

var _ Repository = (*Store)(nil)
