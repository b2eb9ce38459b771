package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/service/claims"
	"github.com/pawsure/premiums/internal/service/partners"
)

// vetnetEnvelope is the common shape of every VetNet callback. VetNet retries
// a callback until it gets a 2xx, with the same event_id.
type vetnetEnvelope struct {
	EventID string          `json:"event_id"`
	Type    string          `json:"type"`
	Data    json.RawMessage `json:"data"`
}

type vetnetHandler func(ctx context.Context, env vetnetEnvelope) (any, error)

type claimSubmittedData struct {
	PolicyRef     string `json:"policy_ref"`
	ClinicCode    string `json:"clinic_code"`
	InvoiceNumber string `json:"invoice_number"`
	Condition     string `json:"condition"`
	TreatmentDate string `json:"treatment_date"`
	AmountMinor   int64  `json:"amount_minor"`
	PayClinic     bool   `json:"pay_clinic"`
}

// vetnetHandlers maps VetNet callback types to their processing.
func vetnetHandlers(cs claims.Service, ps partners.Service) map[string]vetnetHandler {
	clinicEvent := func(ctx context.Context, env vetnetEnvelope) (any, error) {
		var evt partners.ClinicEvent
		if err := json.Unmarshal(env.Data, &evt); err != nil {
			return nil, errBadPayload
		}
		evt.EventID, evt.Type = env.EventID, env.Type
		return nil, ps.HandleClinicEvent(ctx, evt)
	}
	return map[string]vetnetHandler{
		"claim.submitted": func(ctx context.Context, env vetnetEnvelope) (any, error) {
			var d claimSubmittedData
			if err := json.Unmarshal(env.Data, &d); err != nil {
				return nil, errBadPayload
			}
			td, err := time.Parse(time.DateOnly, d.TreatmentDate)
			if err != nil {
				return nil, errBadPayload
			}
			c, _, err := cs.SubmitFromPartner(ctx, partners.PartnerVetNet, env.EventID, claims.SubmitInput{
				PolicyID:      d.PolicyRef,
				ClinicCode:    d.ClinicCode,
				InvoiceNumber: d.InvoiceNumber,
				Condition:     d.Condition,
				TreatmentDate: td,
				ClaimedCents:  d.AmountMinor,
				PayVetDirect:  d.PayClinic,
				Source:        "vetnet",
			})
			if err != nil {
				return nil, err
			}
			return map[string]string{"claim_id": c.ID, "status": c.Status}, nil
		},
		"estimate.requested": func(ctx context.Context, env vetnetEnvelope) (any, error) {
			var evt partners.EstimateEvent
			if err := json.Unmarshal(env.Data, &evt); err != nil {
				return nil, errBadPayload
			}
			evt.EventID = env.EventID
			return ps.HandleEstimate(ctx, evt)
		},
		"clinic.joined":    clinicEvent,
		"clinic.suspended": clinicEvent,
		"clinic.left":      clinicEvent,
	}
}

var errBadPayload = errors.New("bad payload")

// VetNetEvents handles POST /partners/vetnet/events.
func VetNetEvents(cs claims.Service, ps partners.Service, log *slog.Logger) http.HandlerFunc {
	handlers := vetnetHandlers(cs, ps)
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := readBody(r)
		if err != nil {
			reply(w, http.StatusBadRequest, nil)
			return
		}
		var env vetnetEnvelope
		if err := json.Unmarshal(body, &env); err != nil || env.EventID == "" {
			reply(w, http.StatusBadRequest, map[string]string{"error": "invalid envelope"})
			return
		}
		h, ok := handlers[env.Type]
		if !ok {
			// Acknowledge types we don't consume so VetNet stops retrying.
			reply(w, http.StatusAccepted, nil)
			return
		}
		out, err := h(r.Context(), env)
		switch {
		case err == nil:
			reply(w, http.StatusOK, out)
		case errors.Is(err, errBadPayload):
			reply(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		case errors.Is(err, db.ErrNotFound), errors.Is(err, claims.ErrPolicyNotInForce):
			reply(w, http.StatusUnprocessableEntity, map[string]string{"error": err.Error()})
		default:
			log.Error("vetnet callback failed", "event_id", env.EventID, "type", env.Type, "err", err)
			reply(w, http.StatusInternalServerError, nil)
		}
	}
}
