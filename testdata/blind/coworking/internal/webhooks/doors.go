package webhooks

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/events"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/outbox"
	"github.com/deskhive/coworking/internal/store"
)

// ErrBadSignature is returned when a partner webhook fails verification.
var ErrBadSignature = errors.New("invalid webhook signature")

// DoorEvent is the door-access partner's webhook body. The partner retries
// undelivered events with the same event_id.
type DoorEvent struct {
	EventID      string    `json:"event_id"`
	Type         string    `json:"type"`
	CredentialID string    `json:"credential_id"`
	Door         string    `json:"door"`
	OccurredAt   time.Time `json:"occurred_at"`
}

// DoorProcessor applies door-access partner events.
type DoorProcessor struct {
	store  store.Store
	secret []byte
	log    *slog.Logger
}

// NewDoorProcessor builds the processor.
func NewDoorProcessor(s store.Store, secret string, log *slog.Logger) *DoorProcessor {
	return &DoorProcessor{store: s, secret: []byte(secret), log: log}
}

// Verify checks the partner's hex HMAC-SHA256 signature of the body.
func (p *DoorProcessor) Verify(body []byte, signature string) error {
	mac := hmac.New(sha256.New, p.secret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return ErrBadSignature
	}
	return nil
}

// Process records the event and applies it in one transaction; events
// already recorded are skipped.
func (p *DoorProcessor) Process(ctx context.Context, e DoorEvent) error {
	return p.store.ExecTx(ctx, func(q *db.Queries) error {
		n, err := q.InsertDoorEvent(ctx, db.InsertDoorEventParams{
			PartnerEventID: e.EventID,
			PartnerCardID:  e.CredentialID,
			Kind:           e.Type,
			Door:           e.Door,
			OccurredAt:     e.OccurredAt,
		})
		if err != nil {
			return fmt.Errorf("record door event: %w", err)
		}
		if n == 0 {
			return nil
		}

		partnerID := sql.NullString{String: e.CredentialID, Valid: true}
		switch e.Type {
		case "credential.suspended":
			return q.SetCardStatusByPartnerID(ctx, db.SetCardStatusByPartnerIDParams{PartnerCardID: partnerID, Status: "suspended"})
		case "credential.reactivated":
			return q.SetCardStatusByPartnerID(ctx, db.SetCardStatusByPartnerIDParams{PartnerCardID: partnerID, Status: "active"})
		case "access.granted":
			card, err := q.GetAccessCardByPartnerID(ctx, partnerID)
			if store.IsNotFound(err) {
				p.log.WarnContext(ctx, "access event for unknown credential", "credential", e.CredentialID)
				return nil
			}
			if err != nil {
				return err
			}
			env, err := events.New(events.SubjectMemberCheckin).
				WithID(idgen.Derived("door", e.EventID)).
				At(e.OccurredAt).
				Data(events.MemberCheckin{MemberID: card.MemberID, CardID: card.ID, Door: e.Door, At: e.OccurredAt}).
				Build()
			if err != nil {
				return err
			}
			return outbox.AddEnvelope(ctx, q, idgen.NewID(), events.SubjectMemberCheckin, env)
		default:
			return nil
		}
	})
}
