package service

import (
	"context"
	"fmt"
	"html/template"
	"log/slog"
	"strings"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/mailer"
	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

type GiftRequest struct {
	SenderName     string `json:"sender_name"`
	RecipientName  string `json:"recipient_name"`
	RecipientEmail string `json:"recipient_email"`
	Message        string `json:"message"`
}

type CardView struct {
	ID           string `json:"id"`
	MaskedCode   string `json:"masked_code"`
	BalanceCents int64  `json:"balance_cents"`
	Currency     string `json:"currency"`
	Status       string `json:"status"`
	ExpiresAt    string `json:"expires_at"`
}

func viewOf(c db.Card) CardView {
	return CardView{
		ID:           c.ID,
		MaskedCode:   ids.MaskCode(c.Code),
		BalanceCents: c.BalanceCents,
		Currency:     c.Currency,
		Status:       c.Status,
		ExpiresAt:    c.ExpiresAt.Format("2006-01-02"),
	}
}

type Cards interface {
	Get(ctx context.Context, id string) (CardView, error)
	Activate(ctx context.Context, id string) (CardView, error)
	ResendCode(ctx context.Context, id, channel string) (db.Delivery, error)
	RetryDelivery(ctx context.Context, cardID, deliveryID string) error
	Gift(ctx context.Context, id string, req GiftRequest) error
}

type cardService struct {
	st         *store.Store
	cards      repo.Cards
	deliveries repo.Deliveries
	mail       mailer.Mailer
	jobs       tasks.Inserter
	log        *slog.Logger
}

func NewCards(st *store.Store, cards repo.Cards, deliveries repo.Deliveries, mail mailer.Mailer, jobs tasks.Inserter, log *slog.Logger) Cards {
	return &cardService{st: st, cards: cards, deliveries: deliveries, mail: mail, jobs: jobs, log: log}
}

func (s *cardService) load(ctx context.Context, id string) (db.Card, error) {
	c, err := s.cards.Get(ctx, id)
	if store.IsNotFound(err) {
		return c, ErrNotFound
	}
	return c, err
}

func (s *cardService) Get(ctx context.Context, id string) (CardView, error) {
	c, err := s.load(ctx, id)
	if err != nil {
		return CardView{}, err
	}
	return viewOf(c), nil
}

// Activate moves an issued card to active. Activating an already active card
// is a no-op.
func (s *cardService) Activate(ctx context.Context, id string) (CardView, error) {
	if _, err := s.cards.Activate(ctx, id); err != nil {
		return CardView{}, err
	}
	c, err := s.load(ctx, id)
	if err != nil {
		return CardView{}, err
	}
	if c.Status != "active" {
		return viewOf(c), fmt.Errorf("%w: card is %s", ErrInvalidState, c.Status)
	}
	return viewOf(c), nil
}

// ResendCode queues another delivery of the card code, typically when the
// recipient says the first one never arrived.
func (s *cardService) ResendCode(ctx context.Context, id, channel string) (db.Delivery, error) {
	c, err := s.load(ctx, id)
	if err != nil {
		return db.Delivery{}, err
	}
	if c.Status == "expired" || c.Status == "void" {
		return db.Delivery{}, fmt.Errorf("%w: card is %s", ErrInvalidState, c.Status)
	}
	var dest *string
	switch channel {
	case "sms":
		dest = c.RecipientPhone
	case "email":
		dest = c.RecipientEmail
	default:
		return db.Delivery{}, invalid("channel", "must be sms or email")
	}
	if dest == nil || *dest == "" {
		return db.Delivery{}, invalid("channel", "card has no "+channel+" recipient")
	}

	d, err := s.deliveries.Create(ctx, c.ID, channel, *dest, "pending")
	if err != nil {
		return d, fmt.Errorf("create delivery: %w", err)
	}
	if _, err := s.jobs.Insert(ctx, tasks.DeliverCode{DeliveryID: d.ID}, nil); err != nil {
		return d, fmt.Errorf("enqueue delivery: %w", err)
	}
	return d, nil
}

// RetryDelivery re-queues a failed delivery. Retrying a delivery that is
// already queued or sent has no effect.
func (s *cardService) RetryDelivery(ctx context.Context, cardID, deliveryID string) error {
	if _, err := s.st.Q().ResetDeliveryForRetry(ctx, db.ResetDeliveryForRetryParams{ID: deliveryID, CardID: cardID}); err != nil {
		return err
	}
	d, err := s.deliveries.Get(ctx, deliveryID)
	if store.IsNotFound(err) || (err == nil && d.CardID != cardID) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if d.Status != "pending" {
		return nil
	}
	_, err = s.jobs.Insert(ctx, tasks.DeliverCode{DeliveryID: d.ID}, &river.InsertOpts{
		UniqueOpts: river.UniqueOpts{
			ByArgs: true,
			ByState: []rivertype.JobState{
				rivertype.JobStateAvailable,
				rivertype.JobStatePending,
				rivertype.JobStateRunning,
				rivertype.JobStateRetryable,
				rivertype.JobStateScheduled,
			},
		},
	})
	return err
}

var giftTemplate = template.Must(template.New("gift").Parse(`<p>Hi {{.RecipientName}},</p>
<p>{{.SenderName}} sent you a gift card worth <strong>{{.Amount}}</strong>.</p>
{{if .Message}}<blockquote>{{.Message}}</blockquote>{{end}}
<p>Your code: <code>{{.Code}}</code></p>
<p>Valid until {{.Expires}}.</p>`))

// Gift emails a purchased card to a new recipient with a personal message and
// records them as the card's holder.
func (s *cardService) Gift(ctx context.Context, id string, req GiftRequest) error {
	if !strings.Contains(req.RecipientEmail, "@") {
		return invalid("recipient_email", "must be an email address")
	}
	c, err := s.load(ctx, id)
	if err != nil {
		return err
	}
	if c.Status != "active" && c.Status != "issued" {
		return fmt.Errorf("%w: card is %s", ErrInvalidState, c.Status)
	}

	var html strings.Builder
	if err := giftTemplate.Execute(&html, map[string]any{
		"RecipientName": req.RecipientName,
		"SenderName":    req.SenderName,
		"Amount":        formatMoney(c.BalanceCents, c.Currency),
		"Message":       req.Message,
		"Code":          c.Code,
		"Expires":       c.ExpiresAt.Format("January 2, 2006"),
	}); err != nil {
		return err
	}
	msgID, err := s.mail.Send(ctx, mailer.Email{
		To:      req.RecipientEmail,
		Subject: req.SenderName + " sent you a gift card",
		HTML:    html.String(),
		Text:    fmt.Sprintf("%s sent you a gift card. Code: %s", req.SenderName, c.Code),
		Tags:    []string{"gift"},
	})
	if err != nil {
		return fmt.Errorf("send gift email: %w", err)
	}

	if err := s.cards.SetRecipient(ctx, c.ID, &req.RecipientEmail, nil); err != nil {
		return err
	}
	d, err := s.deliveries.Create(ctx, c.ID, "email", req.RecipientEmail, "sent")
	if err != nil {
		return err
	}
	return s.deliveries.MarkSent(ctx, d.ID, msgID)
}

func formatMoney(cents int64, currency string) string {
	sym := map[string]string{"usd": "$", "eur": "€", "gbp": "£"}[strings.ToLower(currency)]
	if sym == "" {
		return fmt.Sprintf("%d.%02d %s", cents/100, cents%100, strings.ToUpper(currency))
	}
	return fmt.Sprintf("%s%d.%02d", sym, cents/100, cents%100)
}
