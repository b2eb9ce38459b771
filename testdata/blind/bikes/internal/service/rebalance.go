package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/crews"
	"github.com/cyclegrid/bikeshare/internal/db"
	"github.com/cyclegrid/bikeshare/internal/ids"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/retry"
	"github.com/cyclegrid/bikeshare/internal/store"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

const slotLength = 30 * time.Minute

// SlotFor returns the rebalancing window that contains t.
func SlotFor(t time.Time) time.Time { return t.UTC().Truncate(slotLength) }

type ScheduleInput struct {
	StationID   string
	Direction   crews.Direction
	Bikes       int
	Slot        time.Time
	Reason      string
	RequestedBy string
}

// DispatchOption adjusts an immediate crew request.
type DispatchOption func(*dispatchOptions)

type dispatchOptions struct {
	key      string
	priority string
}

func WithDispatchKey(key string) DispatchOption {
	return func(o *dispatchOptions) { o.key = key }
}

func WithPriority(p string) DispatchOption {
	return func(o *dispatchOptions) { o.priority = p }
}

// RebalanceService decides when stations need a crew and dispatches them
// through the partner.
type RebalanceService interface {
	RequestForOccupancy(ctx context.Context, stationID string, opts ...DispatchOption) (*db.RebalanceJob, error)
	Schedule(ctx context.Context, in ScheduleInput) (db.RebalanceJob, error)
	Dispatch(ctx context.Context, jobID uuid.UUID) error
	Sweep(ctx context.Context, now time.Time) (int, error)
	Complete(ctx context.Context, c crews.Completion) error
}

type rebalanceService struct {
	tx       store.TxRunner
	jobs     repository.Rebalance
	docks    repository.Docks
	crews    crews.Dispatcher
	enqueuer tasks.Enqueuer
	policy   retry.Policy
	log      *slog.Logger
	now      func() time.Time
}

func newRebalanceService(tx store.TxRunner, jobs repository.Rebalance, docks repository.Docks, dispatcher crews.Dispatcher,
	enqueuer tasks.Enqueuer, log *slog.Logger) *rebalanceService {
	return &rebalanceService{
		tx:       tx,
		jobs:     jobs,
		docks:    docks,
		crews:    dispatcher,
		enqueuer: enqueuer,
		policy:   retry.Default,
		log:      log,
		now:      time.Now,
	}
}

type need struct {
	direction crews.Direction
	bikes     int
}

// assess compares a station's fill with its target; stations within 25
// points of target are left alone.
func assess(o db.StationOccupancyRow) (need, bool) {
	if o.Capacity == 0 {
		return need{}, false
	}
	fill := int(o.Docked) * 100 / int(o.Capacity)
	target := int(o.TargetFill)
	switch {
	case fill < target-25:
		return need{direction: crews.DirectionDropOff, bikes: (target*int(o.Capacity))/100 - int(o.Docked)}, true
	case fill > target+25:
		return need{direction: crews.DirectionPickUp, bikes: int(o.Docked) - (target*int(o.Capacity))/100}, true
	}
	return need{}, false
}

func (s *rebalanceService) jobRequest(st db.Station, n need, slot time.Time, ref string) crews.JobRequest {
	return crews.JobRequest{
		StationID:   st.ID,
		Latitude:    st.Latitude,
		Longitude:   st.Longitude,
		Direction:   n.direction,
		Bikes:       n.bikes,
		WindowStart: slot,
		WindowEnd:   slot.Add(slotLength),
		Reference:   ref,
	}
}

func (s *rebalanceService) RequestForOccupancy(ctx context.Context, stationID string, opts ...DispatchOption) (*db.RebalanceJob, error) {
	o := dispatchOptions{key: ids.NewCorrelationID(), priority: "normal"}
	for _, fn := range opts {
		fn(&o)
	}
	occ, err := s.docks.Occupancy(ctx, stationID)
	if err != nil {
		return nil, err
	}
	n, ok := assess(occ)
	if !ok {
		return nil, nil
	}
	st, err := s.docks.Station(ctx, stationID)
	if err != nil {
		return nil, err
	}
	slot := SlotFor(s.now())
	jr := s.jobRequest(st, n, slot, "occupancy:"+stationID)
	jr.Priority = o.priority

	job, err := s.crews.CreateJob(ctx, jr, crews.WithIdempotencyKey(o.key))
	if err != nil {
		return nil, fmt.Errorf("request crew for %s: %w", stationID, err)
	}
	row, err := s.jobs.Upsert(ctx, db.CreateRebalanceJobParams{
		ID:           uuid.New(),
		StationID:    stationID,
		Slot:         slot,
		Direction:    string(n.direction),
		Bikes:        int32(n.bikes),
		Reason:       "occupancy",
		Status:       "dispatched",
		PartnerJobID: pgtype.Text{String: job.ID, Valid: true},
		RequestedBy:  "dock-events",
		DispatchedAt: pgtype.Timestamptz{Time: s.now(), Valid: true},
	})
	if err != nil {
		return nil, err
	}
	return &row, nil
}

func (s *rebalanceService) Schedule(ctx context.Context, in ScheduleInput) (db.RebalanceJob, error) {
	if in.Bikes <= 0 {
		return db.RebalanceJob{}, fmt.Errorf("%w: bikes must be positive", ErrInvalid)
	}
	if _, err := s.docks.Station(ctx, in.StationID); err != nil {
		return db.RebalanceJob{}, err
	}
	job, err := s.jobs.Upsert(ctx, db.CreateRebalanceJobParams{
		ID:          uuid.New(),
		StationID:   in.StationID,
		Slot:        SlotFor(in.Slot),
		Direction:   string(in.Direction),
		Bikes:       int32(in.Bikes),
		Reason:      in.Reason,
		Status:      "requested",
		RequestedBy: in.RequestedBy,
	})
	if err != nil {
		return db.RebalanceJob{}, err
	}
	if job.Status != "requested" {
		return job, nil
	}
	err = s.enqueuer.Enqueue(ctx, tasks.TypeCrewDispatch, tasks.CrewDispatchPayload{JobID: job.ID},
		asynq.TaskID("crew-dispatch:"+job.ID.String()),
	)
	return job, err
}

func (s *rebalanceService) Dispatch(ctx context.Context, jobID uuid.UUID) error {
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return err
	}
	if job.Status != "requested" {
		return nil
	}
	st, err := s.docks.Station(ctx, job.StationID)
	if err != nil {
		return err
	}
	jr := s.jobRequest(st, need{direction: crews.Direction(job.Direction), bikes: int(job.Bikes)}, job.Slot, job.ID.String())
	key := "rebalance-" + job.ID.String()

	partnerJob, err := retry.Retry(ctx, s.policy, func(ctx context.Context) (*crews.Job, error) {
		j, err := s.crews.CreateJob(ctx, jr, crews.WithIdempotencyKey(key))
		var se *crews.StatusError
		if errors.As(err, &se) && !se.Temporary() {
			return nil, retry.Stop(err)
		}
		return j, err
	})
	if err != nil {
		return fmt.Errorf("dispatch rebalance %s: %w", job.ID, err)
	}
	return s.jobs.MarkDispatched(ctx, job.ID, partnerJob.ID)
}

func (s *rebalanceService) Sweep(ctx context.Context, now time.Time) (int, error) {
	occupancy, err := s.docks.AllOccupancy(ctx)
	if err != nil {
		return 0, err
	}
	slot := SlotFor(now).Add(slotLength)
	dispatched := 0
	for _, occ := range occupancy {
		n, ok := assess(occ)
		if !ok {
			continue
		}
		_, err := s.jobs.Find(ctx, occ.StationID, slot, string(n.direction))
		if err == nil {
			continue
		}
		if !errors.Is(err, repository.ErrNotFound) {
			return dispatched, err
		}
		st, err := s.docks.Station(ctx, occ.StationID)
		if err != nil {
			return dispatched, err
		}

		job, err := s.crews.CreateJob(ctx, s.jobRequest(st, n, slot, "sweep:"+occ.StationID))
		if err != nil {
			return dispatched, fmt.Errorf("sweep %s: %w", occ.StationID, err)
		}
		if _, err := s.jobs.Upsert(ctx, db.CreateRebalanceJobParams{
			ID:           uuid.New(),
			StationID:    occ.StationID,
			Slot:         slot,
			Direction:    string(n.direction),
			Bikes:        int32(n.bikes),
			Reason:       "sweep",
			Status:       "dispatched",
			PartnerJobID: pgtype.Text{String: job.ID, Valid: true},
			RequestedBy:  "scheduler",
			DispatchedAt: pgtype.Timestamptz{Time: now, Valid: true},
		}); err != nil {
			return dispatched, err
		}
		dispatched++
	}
	return dispatched, nil
}

func (s *rebalanceService) Complete(ctx context.Context, c crews.Completion) error {
	var rebalanceID pgtype.UUID
	job, err := s.jobs.ByPartnerID(ctx, c.JobID)
	switch {
	case err == nil:
		rebalanceID = pgtype.UUID{Bytes: job.ID, Valid: true}
	case errors.Is(err, repository.ErrNotFound):
		s.log.WarnContext(ctx, "completion for unknown partner job", "job_id", c.JobID)
	default:
		return err
	}
	return s.tx.InTx(ctx, func(q db.Querier) error {
		jobs := s.jobs.With(q)
		if err := jobs.RecordCompletion(ctx, db.InsertCrewJobCompletionParams{
			PartnerJobID: c.JobID,
			RebalanceID:  rebalanceID,
			CrewID:       c.CrewID,
			BikesMoved:   int32(c.BikesMoved),
			CompletedAt:  c.CompletedAt,
		}); err != nil {
			return err
		}
		if !rebalanceID.Valid {
			return nil
		}
		return jobs.MarkCompleted(ctx, rebalanceID.Bytes)
	})
}
