// Package partners processes VetNet callbacks that are not claim submissions:
// pre-authorisation estimates and clinic onboarding.
package partners

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/ids"
	"github.com/pawsure/premiums/internal/provider/messaging"
	"github.com/pawsure/premiums/internal/repo"
	"github.com/pawsure/premiums/internal/service/notify"
)

const PartnerVetNet = "vetnet"

// EstimateEvent is VetNet's treatment-estimate callback: a clinic asks us to
// pre-authorise a planned treatment.
type EstimateEvent struct {
	EventID        string `json:"event_id"`
	PolicyID       string `json:"policy_ref"`
	ClinicCode     string `json:"clinic_code"`
	EstimateRef    string `json:"estimate_ref"`
	EstimatedCents int64  `json:"estimated_minor"`
}

type EstimateDecision struct {
	EstimateID string `json:"estimate_id"`
	Status     string `json:"status"`
}

// ClinicEvent is VetNet's clinic lifecycle callback.
type ClinicEvent struct {
	EventID       string `json:"event_id"`
	Type          string `json:"type"` // clinic.joined, clinic.suspended, clinic.left
	ClinicCode    string `json:"clinic_code"`
	Name          string `json:"name"`
	Postcode      string `json:"postcode"`
	CallbackURL   string `json:"callback_url"`
	StripeAccount string `json:"stripe_account"`
}

type Service interface {
	HandleEstimate(ctx context.Context, evt EstimateEvent) (EstimateDecision, error)
	HandleClinicEvent(ctx context.Context, evt ClinicEvent) error
}

type Deps struct {
	Store   *db.Store
	Events  repo.PartnerEventRepository
	Clinics repo.ClinicRepository
	Notify  notify.Queuer
	Log     *slog.Logger
}

type service struct{ Deps }

func NewService(d Deps) Service { return &service{Deps: d} }

var ErrUnknownClinicEvent = errors.New("partners: unknown clinic event type")

// HandleEstimate pre-authorises a treatment by reserving part of the policy's
// annual limit.
func (s *service) HandleEstimate(ctx context.Context, evt EstimateEvent) (EstimateDecision, error) {
	seen, err := s.Events.Seen(ctx, PartnerVetNet, evt.EventID)
	if err != nil {
		return EstimateDecision{}, err
	}
	if seen {
		return EstimateDecision{Status: "duplicate"}, nil
	}

	dec := EstimateDecision{EstimateID: ids.New("est")}
	err = s.Store.ExecTx(ctx, func(q *db.Queries) error {
		pol, err := q.GetPolicyForUpdate(ctx, evt.PolicyID)
		if err != nil {
			return err
		}
		dec.Status = "declined"
		if pol.Status == db.PolicyActive {
			ok, err := q.ReserveLimit(ctx, pol.ID, evt.EstimatedCents)
			if err != nil {
				return err
			}
			if ok {
				dec.Status = "preauthorised"
			}
		}
		if err := q.InsertTreatmentEstimate(ctx, db.TreatmentEstimate{
			ID:             dec.EstimateID,
			PolicyID:       pol.ID,
			ClinicCode:     evt.ClinicCode,
			EstimateRef:    evt.EstimateRef,
			EstimatedCents: evt.EstimatedCents,
			Status:         dec.Status,
		}); err != nil {
			return err
		}
		return s.Notify.QueueTx(ctx, q, notify.Request{
			DedupKey:       "estimate:" + dec.EstimateID,
			PolicyholderID: pol.PolicyholderID,
			Channel:        messaging.SMS,
			Template:       "estimate_" + dec.Status,
			Params:         map[string]string{"clinic": evt.ClinicCode},
		})
	})
	if err != nil {
		return EstimateDecision{}, err
	}
	if err := s.Events.MarkProcessed(ctx, PartnerVetNet, evt.EventID, "estimate.requested"); err != nil {
		s.Log.Warn("failed to record vetnet event", "event_id", evt.EventID, "err", err)
	}
	return dec, nil
}

// HandleClinicEvent keeps our clinic directory in sync with VetNet.
func (s *service) HandleClinicEvent(ctx context.Context, evt ClinicEvent) error {
	switch evt.Type {
	case "clinic.joined":
		c := db.Clinic{
			ID:            ids.New("cln"),
			ClinicCode:    evt.ClinicCode,
			Name:          evt.Name,
			Postcode:      evt.Postcode,
			CallbackURL:   db.NullString(evt.CallbackURL),
			StripeAccount: db.NullString(evt.StripeAccount),
			Status:        "active",
		}
		if err := s.Clinics.Create(ctx, c); err != nil {
			return fmt.Errorf("create clinic %s: %w", evt.ClinicCode, err)
		}
		return nil
	case "clinic.suspended":
		return s.Clinics.SetStatus(ctx, evt.ClinicCode, "suspended")
	case "clinic.left":
		return s.Clinics.SetStatus(ctx, evt.ClinicCode, "left")
	default:
		return fmt.Errorf("%w: %s", ErrUnknownClinicEvent, evt.Type)
	}
}
