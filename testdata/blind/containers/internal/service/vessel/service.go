// Package vessel manages the vessel call schedule and berth planning.
package vessel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/platform/httpx"
	"github.com/quaymark/terminal-ops/internal/providers/edipartner"
	"github.com/quaymark/terminal-ops/internal/queue/ediqueue"
)

// Repository is the vessel call store.
type Repository interface {
	InsertIfAbsent(ctx context.Context, c *domain.VesselCall) (bool, error)
	FindByVoyage(ctx context.Context, imo, voyage string) (*domain.VesselCall, error)
	SetBerth(ctx context.Context, id, berth string, from, to, at time.Time) (*domain.VesselCall, error)
}

// ProfileLookup fetches vessel reference data.
type ProfileLookup interface {
	VesselProfile(ctx context.Context, imo string) (*edipartner.VesselProfile, error)
}

// NoticePublisher queues outbound EDI notices.
type NoticePublisher interface {
	Publish(ctx context.Context, job ediqueue.Job) (string, error)
}

// Service implements the vessel call use cases.
type Service struct {
	uow      db.UnitOfWork
	calls    Repository
	profiles ProfileLookup
	notices  NoticePublisher
	now      func() time.Time
}

// NewService wires the service.
func NewService(uow db.UnitOfWork, calls Repository, profiles ProfileLookup, notices NoticePublisher) *Service {
	return &Service{uow: uow, calls: calls, profiles: profiles, notices: notices, now: time.Now}
}

// CreateCall is the input of CreateCall.
type CreateCall struct {
	VesselIMO  string    `json:"vessel_imo"`
	VoyageNo   string    `json:"voyage_no"`
	VesselName string    `json:"vessel_name"`
	LineCode   string    `json:"line_code"`
	ETA        time.Time `json:"eta"`
	ETD        time.Time `json:"etd"`
}

// CreateCall schedules a vessel call. Scheduling the same voyage twice
// returns the existing call; created reports which case happened.
func (s *Service) CreateCall(ctx context.Context, in CreateCall) (call *domain.VesselCall, created bool, err error) {
	if in.VesselIMO == "" || in.VoyageNo == "" || in.LineCode == "" {
		return nil, false, fmt.Errorf("%w: vessel_imo, voyage_no and line_code are required", httpx.ErrValidation)
	}
	if !in.ETD.After(in.ETA) {
		return nil, false, fmt.Errorf("%w: etd must be after eta", httpx.ErrValidation)
	}
	if in.VesselName == "" {
		vp, err := s.profiles.VesselProfile(ctx, in.VesselIMO)
		if err != nil {
			return nil, false, fmt.Errorf("vessel profile %s: %w", in.VesselIMO, err)
		}
		in.VesselName = vp.Name
	}
	call = &domain.VesselCall{
		ID:         uuid.NewString(),
		VesselIMO:  in.VesselIMO,
		VoyageNo:   strings.ToUpper(in.VoyageNo),
		VesselName: in.VesselName,
		LineCode:   in.LineCode,
		ETA:        in.ETA.UTC(),
		ETD:        in.ETD.UTC(),
		Status:     domain.CallPlanned,
	}
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		created, err = s.calls.InsertIfAbsent(ctx, call)
		if err != nil {
			return err
		}
		if !created {
			call, err = s.calls.FindByVoyage(ctx, call.VesselIMO, call.VoyageNo)
		}
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return call, created, nil
}

// BerthConfirmation is the planner's berth decision.
type BerthConfirmation struct {
	Berth string    `json:"berth"`
	From  time.Time `json:"from"`
	To    time.Time `json:"to"`
}

type bermanPayload struct {
	VesselIMO string    `json:"vessel_imo"`
	Vessel    string    `json:"vessel"`
	VoyageNo  string    `json:"voyage_no"`
	Berth     string    `json:"berth"`
	From      time.Time `json:"berth_from"`
	To        time.Time `json:"berth_to"`
	Confirmed time.Time `json:"confirmed_at"`
}

// ConfirmBerth stores the berth window and notifies the operating line.
// Planners re-confirm when a window moves; each confirmation is sent.
func (s *Service) ConfirmBerth(ctx context.Context, callID string, in BerthConfirmation) (*domain.VesselCall, error) {
	if in.Berth == "" || !in.To.After(in.From) {
		return nil, fmt.Errorf("%w: berth and a valid window are required", httpx.ErrValidation)
	}
	now := s.now().UTC()
	call, err := s.calls.SetBerth(ctx, callID, in.Berth, in.From.UTC(), in.To.UTC(), now)
	if errors.Is(err, db.ErrNotFound) {
		return nil, fmt.Errorf("%w: vessel call %s", httpx.ErrNotFound, callID)
	}
	if err != nil {
		return nil, err
	}
	payload, _ := json.Marshal(bermanPayload{
		VesselIMO: call.VesselIMO, Vessel: call.VesselName, VoyageNo: call.VoyageNo,
		Berth: call.Berth, From: in.From.UTC(), To: in.To.UTC(), Confirmed: now,
	})
	id, err := s.notices.Publish(ctx, ediqueue.Job{
		MessageType: domain.MsgBERMAN,
		LineCode:    call.LineCode,
		Payload:     payload,
	})
	if err != nil {
		return nil, fmt.Errorf("queue berth notice: %w", err)
	}
	slog.InfoContext(ctx, "berth notice queued", "call", callID, "message_id", id)
	return call, nil
}
