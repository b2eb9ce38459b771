package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"text/template"
	"time"

	"github.com/google/uuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type CustomerRepo interface {
	Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Customer, error)
}

type ReservationReader interface {
	Get(ctx context.Context, q db.Ext, id string) (domain.Reservation, error)
}

type RentalRepo interface {
	Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Rental, error)
	MarkReceiptSent(ctx context.Context, q db.Ext, id uuid.UUID, at time.Time) error
}

// ChargeLister lists a rental's charges.
type ChargeLister interface {
	ForRental(ctx context.Context, q db.Ext, rentalID uuid.UUID) ([]domain.Charge, error)
}

type NoticeRepo interface {
	Exists(ctx context.Context, q db.Ext, id string) (bool, error)
	Insert(ctx context.Context, q db.Ext, n domain.Notice) error
	Claim(ctx context.Context, q db.Ext, n domain.Notice) (bool, error)
	MarkSent(ctx context.Context, q db.Ext, id, providerMsgID string) error
	MarkUnknown(ctx context.Context, q db.Ext, id string) error
	Release(ctx context.Context, q db.Ext, id string) error
}

// SMSSender sends text messages.
type SMSSender interface {
	Send(ctx context.Context, to, text string) (string, error)
}

// MailSender sends e-mail.
type MailSender interface {
	Send(ctx context.Context, e Email) error
}

var templates = template.Must(template.New("notices").Parse(`
{{define "pickup_reminder"}}Hi {{.name}}, your car is ready at {{.branch}} from {{.pickup}}. Ref {{.ref}}.{{end}}
{{define "fine_notice"}}A {{.issuer}} fine ({{.reference}}) was issued during your rental. Details: {{.link}}{{end}}
{{define "return_reminder"}}Hi {{.name}}, your rental is due back at {{.due}}.{{end}}
{{define "receipt"}}Thank you for renting with us.
{{range .charges}}
  {{.Kind}}: {{printf "%.2f" .Amount}}{{end}}

Total: {{printf "%.2f" .total}}
{{end}}`))

// Service sends notices.
type Service struct {
	db           db.Ext
	customers    CustomerRepo
	reservations ReservationReader
	rentals      RentalRepo
	charges      ChargeLister
	notices      NoticeRepo
	sms          SMSSender
	mail         MailSender
	log          *slog.Logger
	now          func() time.Time
}

func NewService(q db.Ext, customers CustomerRepo, reservations ReservationReader, rentals RentalRepo, charges ChargeLister,
	notices NoticeRepo, sms SMSSender, mail MailSender, log *slog.Logger) *Service {
	return &Service{
		db: q, customers: customers, reservations: reservations, rentals: rentals, charges: charges,
		notices: notices, sms: sms, mail: mail, log: log, now: time.Now,
	}
}

func render(name string, data any) (string, error) {
	var b strings.Builder
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("%w: template %s: %v", domain.ErrInvalidInput, name, err)
	}
	return strings.TrimSpace(b.String()), nil
}

// Deliver sends a notice requested on the notices queue by SMS.
func (s *Service) Deliver(ctx context.Context, req domain.NoticeRequest) error {
	if req.NoticeID == "" {
		return fmt.Errorf("%w: notice without id", domain.ErrInvalidInput)
	}
	done, err := s.notices.Exists(ctx, s.db, req.NoticeID)
	if err != nil || done {
		return err
	}
	cust, err := s.customers.Get(ctx, s.db, req.CustomerID)
	if err != nil {
		return err
	}
	vars := map[string]string{"name": cust.FullName}
	for k, v := range req.Vars {
		vars[k] = v
	}
	text, err := render(req.Template, vars)
	if err != nil {
		return err
	}

	msgID, err := s.sms.Send(ctx, cust.Phone, text)
	if err != nil {
		return err
	}
	now := s.now()
	return s.notices.Insert(ctx, s.db, domain.Notice{
		ID:            req.NoticeID,
		CustomerID:    cust.ID,
		Channel:       domain.ChannelSMS,
		Template:      req.Template,
		Status:        domain.NoticeSent,
		ProviderMsgID: msgID,
		SentAt:        &now,
	})
}

// PickupReminder texts the customer shortly before pickup. The notice row
// is claimed before the SMS goes out, so the reminder is sent at most once
// even if the task runs again.
func (s *Service) PickupReminder(ctx context.Context, reservationID string) error {
	res, err := s.reservations.Get(ctx, s.db, reservationID)
	if err != nil {
		return err
	}
	if res.Status != domain.ReservationConfirmed {
		return nil
	}
	cust, err := s.customers.Get(ctx, s.db, res.CustomerID)
	if err != nil {
		return err
	}
	text, err := render("pickup_reminder", map[string]string{
		"name": cust.FullName, "branch": res.Branch, "pickup": res.PickupAt.Format("Mon 2 Jan 15:04"), "ref": res.ID,
	})
	if err != nil {
		return err
	}

	n := domain.Notice{ID: "pickup-reminder:" + res.ID, CustomerID: cust.ID, Channel: domain.ChannelSMS, Template: "pickup_reminder"}
	claimed, err := s.notices.Claim(ctx, s.db, n)
	if err != nil || !claimed {
		return err
	}
	msgID, err := s.sms.Send(ctx, cust.Phone, text)
	switch {
	case errors.Is(err, ErrNotSent):
		if rerr := s.notices.Release(ctx, s.db, n.ID); rerr != nil {
			return errors.Join(err, rerr)
		}
		return err
	case err != nil:
		// The gateway may have accepted it; do not risk a second text.
		s.log.WarnContext(ctx, "pickup reminder outcome unknown", "reservation_id", res.ID, "err", err)
		return s.notices.MarkUnknown(ctx, s.db, n.ID)
	}
	return s.notices.MarkSent(ctx, s.db, n.ID, msgID)
}

type receiptLine struct {
	Kind   string
	Amount float64
}

// SendReceipt e-mails the closing receipt of a rental.
func (s *Service) SendReceipt(ctx context.Context, rentalID uuid.UUID) error {
	r, err := s.rentals.Get(ctx, s.db, rentalID)
	if err != nil {
		return err
	}
	if r.Status != domain.RentalClosed || r.ReceiptSentAt != nil {
		return nil
	}
	cust, err := s.customers.Get(ctx, s.db, r.CustomerID)
	if err != nil {
		return err
	}
	charges, err := s.charges.ForRental(ctx, s.db, r.ID)
	if err != nil {
		return err
	}
	lines := make([]receiptLine, 0, len(charges))
	var total float64
	for _, c := range charges {
		lines = append(lines, receiptLine{Kind: c.Kind, Amount: float64(c.AmountCents) / 100})
		total += float64(c.AmountCents) / 100
	}
	text, err := render("receipt", map[string]any{"charges": lines, "total": total})
	if err != nil {
		return err
	}

	if err := s.mail.Send(ctx, Email{To: cust.Email, Subject: "Your rental receipt " + r.ReservationID, Text: text}); err != nil {
		return err
	}
	return s.rentals.MarkReceiptSent(ctx, s.db, r.ID, s.now())
}
