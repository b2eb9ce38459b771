// Package letters records screening decisions and produces the FCRA
// adverse-action notices that go out by mail through the print-and-mail
// provider.
package letters

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/platform/dbtx"
	"github.com/tenantlens/screening/internal/providers/printmail"
)

type Store interface {
	dbtx.TxRunner
	ApplicationForManager(ctx context.Context, managerID, id string) (domain.Application, error)
	GetApplication(ctx context.Context, q dbtx.Queryer, id string) (domain.Application, error)
	OrdersForApplication(ctx context.Context, q dbtx.Queryer, applicationID string) ([]domain.ReportOrder, error)
	RecordDecision(ctx context.Context, id, decision, reason string, at time.Time) error
	InsertLetter(ctx context.Context, q dbtx.Queryer, l domain.Letter) error
	LettersForApplication(ctx context.Context, applicationID string) ([]domain.Letter, error)
	ClaimQueuedLetters(ctx context.Context, limit int, leaseUntil time.Time) ([]domain.Letter, error)
	MarkLetterMailed(ctx context.Context, q dbtx.Queryer, id, providerID string, expected, at time.Time) error
	RequeueLetter(ctx context.Context, id, reason string, maxAttempts int) error
	LetterByProviderID(ctx context.Context, q dbtx.Queryer, providerID string) (domain.Letter, error)
	SetLetterStatus(ctx context.Context, q dbtx.Queryer, id, status string) error
	AppendLetterTracking(ctx context.Context, q dbtx.Queryer, letterID, eventType, detail string, at time.Time) error
	PrintMailEventSeen(ctx context.Context, eventID string) (bool, error)
	RecordPrintMailEvent(ctx context.Context, eventID, letterID, eventType string) error
}

// Mailer prints and posts letters.
type Mailer interface {
	CreateLetter(ctx context.Context, in printmail.LetterRequest, idempotencyKey string) (printmail.Letter, error)
}

// Notifier queues landlord webhooks inside a transaction.
type Notifier interface {
	Enqueue(ctx context.Context, q dbtx.Queryer, managerID, eventType, eventKey string, data any) error
}

type Service struct {
	store    Store
	mailer   Mailer
	notifier Notifier
	newID    func() string
	now      func() time.Time

	from        printmail.Address
	templateID  string
	maxAttempts int
}

func NewService(st Store, m Mailer, n Notifier, newID func() string, from printmail.Address) *Service {
	return &Service{
		store:       st,
		mailer:      m,
		notifier:    n,
		newID:       newID,
		now:         time.Now,
		from:        from,
		templateID:  "tmpl_adverse_action_v3",
		maxAttempts: 6,
	}
}

// Decision values.
const (
	DecisionApproved    = "approved"
	DecisionConditional = "conditional"
	DecisionDeclined    = "declined"
)

// Reason codes printed on the notice, keyed by code.
var reasonText = map[string]string{
	"CREDIT_SCORE":        "Insufficient credit score",
	"EVICTION_HISTORY":    "Prior eviction filing(s)",
	"CRIMINAL_HISTORY":    "Criminal background findings",
	"INCOME_RATIO":        "Rent-to-income ratio",
	"COLLECTIONS":         "Unpaid collections",
	"IDENTITY_UNVERIFIED": "Identity could not be verified",
}

// DecisionInput is the body of POST /v1/applications/{id}/decision.
type DecisionInput struct {
	Decision    string   `json:"decision"`
	Reason      string   `json:"reason"`
	ReasonCodes []string `json:"reason_codes"`
}

func (in DecisionInput) adverse() bool {
	return in.Decision == DecisionConditional || in.Decision == DecisionDeclined
}

func validateReasons(codes []string) error {
	if len(codes) == 0 {
		return domain.Invalid("reason_codes", "required for an adverse decision")
	}
	for _, c := range codes {
		if _, ok := reasonText[c]; !ok {
			return domain.Invalid("reason_codes", "unknown code "+c)
		}
	}
	return nil
}

// Decide records the manager's decision. Declined and conditional decisions
// queue an adverse-action letter to the applicant.
func (s *Service) Decide(ctx context.Context, managerID, applicationID string, in DecisionInput) (domain.Application, []domain.Letter, error) {
	switch in.Decision {
	case DecisionApproved, DecisionConditional, DecisionDeclined:
	default:
		return domain.Application{}, nil, domain.Invalid("decision", "must be approved, conditional or declined")
	}
	if in.adverse() {
		if err := validateReasons(in.ReasonCodes); err != nil {
			return domain.Application{}, nil, err
		}
	}
	app, err := s.store.ApplicationForManager(ctx, managerID, applicationID)
	if err != nil {
		return domain.Application{}, nil, err
	}
	if app.Status != domain.AppReportsReady {
		return domain.Application{}, nil, fmt.Errorf("application is %s: %w", app.Status, domain.ErrConflict)
	}

	decidedAt := s.now().UTC()
	if err := s.store.RecordDecision(ctx, app.ID, in.Decision, in.Reason, decidedAt); err != nil {
		return domain.Application{}, nil, err
	}

	var letters []domain.Letter
	err = s.store.WithTx(ctx, func(tx *sql.Tx) error {
		if in.adverse() {
			bureaus, err := s.bureausFor(ctx, tx, app.ID)
			if err != nil {
				return err
			}
			l := s.newLetter("ltr_"+s.newID(), app, in.ReasonCodes, bureaus, "manager:"+managerID)
			if err := s.store.InsertLetter(ctx, tx, l); err != nil {
				return fmt.Errorf("queue adverse action letter: %w", err)
			}
			letters = append(letters, l)
		}
		return s.notifier.Enqueue(ctx, tx, app.ManagerID, "application.decided", "decided-"+app.ID, map[string]any{
			"application_id": app.ID,
			"decision":       in.Decision,
			"decided_at":     decidedAt,
		})
	})
	if err != nil {
		return domain.Application{}, nil, err
	}
	app.Status, app.Decision, app.DecisionReason, app.DecidedAt = in.Decision, in.Decision, in.Reason, &decidedAt
	return app, letters, nil
}

// RequestLetter queues an adverse-action letter on behalf of a partner portal
// whose own system made the decision.
func (s *Service) RequestLetter(ctx context.Context, partnerID, applicationID string, reasonCodes []string) (domain.Letter, error) {
	if err := validateReasons(reasonCodes); err != nil {
		return domain.Letter{}, err
	}
	var l domain.Letter
	err := s.store.WithTx(ctx, func(tx *sql.Tx) error {
		app, err := s.store.GetApplication(ctx, tx, applicationID)
		if err != nil {
			return err
		}
		if app.PartnerID != partnerID {
			return domain.ErrNotFound
		}
		bureaus, err := s.bureausFor(ctx, tx, app.ID)
		if err != nil {
			return err
		}
		letterID := "ltr_" + s.newID()
		l = s.newLetter(letterID, app, reasonCodes, bureaus, "partner:"+partnerID)
		return s.store.InsertLetter(ctx, tx, l)
	})
	return l, err
}

// Letters lists the letters sent for an application.
func (s *Service) Letters(ctx context.Context, managerID, applicationID string) ([]domain.Letter, error) {
	app, err := s.store.ApplicationForManager(ctx, managerID, applicationID)
	if err != nil {
		return nil, err
	}
	return s.store.LettersForApplication(ctx, app.ID)
}

func (s *Service) bureausFor(ctx context.Context, q dbtx.Queryer, applicationID string) ([]string, error) {
	orders, err := s.store.OrdersForApplication(ctx, q, applicationID)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, o := range orders {
		if o.Status == domain.OrderCompleted && !slices.Contains(names, o.Bureau) {
			names = append(names, o.Bureau)
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no completed reports to cite: %w", domain.ErrConflict)
	}
	return names, nil
}

func (s *Service) newLetter(id string, app domain.Application, codes, bureaus []string, requestedBy string) domain.Letter {
	return domain.Letter{
		ID:            id,
		ApplicationID: app.ID,
		Kind:          "adverse_action",
		ReasonCodes:   codes,
		BureauNames:   bureaus,
		RecipientName: app.Applicant.FullName(),
		Address:       app.Applicant.Address,
		Status:        domain.LetterQueued,
		RequestedBy:   requestedBy,
		CreatedAt:     s.now().UTC(),
	}
}

// MailQueued sends one batch of queued letters to the print-and-mail
// provider. The letter id is the provider's Idempotency-Key, so a letter
// whose lease expired mid-call is not printed twice.
func (s *Service) MailQueued(ctx context.Context) (int, error) {
	batch, err := s.store.ClaimQueuedLetters(ctx, 25, s.now())
	if err != nil {
		return 0, err
	}
	for _, l := range batch {
		if err := s.mail(ctx, l); err != nil {
			slog.ErrorContext(ctx, "mail letter", "letter", l.ID, "err", err)
		}
	}
	return len(batch), nil
}

func (s *Service) mail(ctx context.Context, l domain.Letter) error {
	reasons := make([]string, 0, len(l.ReasonCodes))
	for _, c := range l.ReasonCodes {
		reasons = append(reasons, reasonText[c])
	}
	req := printmail.LetterRequest{
		To: printmail.Address{
			Name: l.RecipientName, Line1: l.Address.Line1, Line2: l.Address.Line2,
			City: l.Address.City, State: l.Address.State, Zip: l.Address.Zip,
		},
		From:       s.from,
		TemplateID: s.templateID,
		MergeVars: map[string]any{
			"recipient_name": l.RecipientName,
			"reasons":        reasons,
			"bureaus":        l.BureauNames,
			"notice_date":    l.CreatedAt.Format("January 2, 2006"),
		},
		MailType:    "usps_first_class",
		Metadata:    map[string]string{"letter_id": l.ID, "application_id": l.ApplicationID},
		Description: "Adverse action notice " + l.ID,
	}
	res, err := s.mailer.CreateLetter(ctx, req, l.ID)
	if err != nil {
		var se *printmail.StatusError
		max := s.maxAttempts
		if errors.As(err, &se) && se.Permanent() {
			max = 0
		}
		return errors.Join(err, s.store.RequeueLetter(ctx, l.ID, err.Error(), max))
	}
	now := s.now().UTC()
	return s.store.WithTx(ctx, func(tx *sql.Tx) error {
		if err := s.store.MarkLetterMailed(ctx, tx, l.ID, res.ID, res.ExpectedDelivery(), now); err != nil {
			return err
		}
		app, err := s.store.GetApplication(ctx, tx, l.ApplicationID)
		if err != nil {
			return err
		}
		return s.notifier.Enqueue(ctx, tx, app.ManagerID, "adverse_action.mailed", "mailed-"+l.ID, map[string]any{
			"application_id":    app.ID,
			"letter_id":         l.ID,
			"expected_delivery": res.ExpectedDeliveryDate,
		})
	})
}

// HandlePrintMailEvent applies a tracking webhook from the provider. A
// letter returned with a forwarding address is queued again to that address.
func (s *Service) HandlePrintMailEvent(ctx context.Context, evt printmail.Event) error {
	seen, err := s.store.PrintMailEventSeen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	err = s.store.WithTx(ctx, func(tx *sql.Tx) error {
		l, err := s.store.LetterByProviderID(ctx, tx, evt.LetterID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := s.store.AppendLetterTracking(ctx, tx, l.ID, evt.Type, evt.Detail, evt.OccurredAt); err != nil {
			return err
		}
		switch evt.Type {
		case "letter.delivered":
			return s.store.SetLetterStatus(ctx, tx, l.ID, "delivered")
		case "letter.returned_to_sender":
			if err := s.store.SetLetterStatus(ctx, tx, l.ID, domain.LetterReturned); err != nil {
				return err
			}
			if evt.Forwarding == nil {
				return nil
			}
			fwd := l
			fwd.ID = "ltr_" + s.newID()
			fwd.Address = domain.Address{
				Line1: evt.Forwarding.Line1, Line2: evt.Forwarding.Line2,
				City: evt.Forwarding.City, State: evt.Forwarding.State, Zip: evt.Forwarding.Zip,
			}
			fwd.Status = domain.LetterQueued
			fwd.RequestedBy = "forward:" + l.ID
			return s.store.InsertLetter(ctx, tx, fwd)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.store.RecordPrintMailEvent(ctx, evt.ID, evt.LetterID, evt.Type)
}
