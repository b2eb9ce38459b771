package webhooks

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/store/sqlrepo"
)

type mailEventStore interface {
	InsertEmailEvent(ctx context.Context, ev sqlrepo.EmailEvent) (bool, error)
}

type bounceMarker interface {
	MarkEmailBounced(ctx context.Context, email string) (int64, error)
}

// MailWebhook receives batched delivery events from the mail provider.
type MailWebhook struct {
	token     string
	events    mailEventStore
	employees bounceMarker
	uow       unitOfWork
	log       *slog.Logger
}

func NewMailWebhook(token string, ev mailEventStore, emp bounceMarker, u unitOfWork, log *slog.Logger) *MailWebhook {
	return &MailWebhook{token: token, events: ev, employees: emp, uow: u, log: log.With("webhook", "mail")}
}

type mailEvent struct {
	ID        string          `json:"id"`
	MessageID string          `json:"message_id"`
	Type      string          `json:"type"`
	Recipient string          `json:"recipient"`
	Timestamp int64           `json:"timestamp"`
	Raw       json.RawMessage `json:"-"`
}

func (h *MailWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	if subtle.ConstantTimeCompare([]byte(r.URL.Query().Get("token")), []byte(h.token)) != 1 {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var batch []json.RawMessage
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<20)).Decode(&batch); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	for _, raw := range batch {
		var ev mailEvent
		if err := json.Unmarshal(raw, &ev); err != nil || ev.ID == "" {
			continue
		}
		err := h.uow.Do(ctx, func(ctx context.Context) error {
			isNew, err := h.events.InsertEmailEvent(ctx, sqlrepo.EmailEvent{
				ID:              uuid.New(),
				ProviderEventID: ev.ID,
				MessageID:       ev.MessageID,
				EventType:       ev.Type,
				Recipient:       ev.Recipient,
				Payload:         raw,
				OccurredAt:      time.Unix(ev.Timestamp, 0).UTC(),
			})
			if err != nil || !isNew {
				return err
			}
			switch ev.Type {
			case "bounced", "complained":
				_, err = h.employees.MarkEmailBounced(ctx, ev.Recipient)
			}
			return err
		})
		if err != nil {
			h.log.Error("store mail event", "id", ev.ID, "err", err)
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
	}
	w.WriteHeader(http.StatusOK)
}
