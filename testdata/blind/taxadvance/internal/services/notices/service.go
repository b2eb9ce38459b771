// Package notices sends the adverse action notice required for every
// declined application.
package notices

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/providers/email"
	"github.com/refundbridge/advance/internal/repository"
	"github.com/refundbridge/advance/internal/service"
	"github.com/refundbridge/advance/internal/services/underwriting"
)

// Lender identifies the creditor on notices.
type Lender struct {
	Name    string
	Address string
}

// Service implements service.Notices.
type Service struct {
	Applications repository.Applications
	Customers    repository.Customers
	Decisions    repository.Decisions
	Notices      repository.Notices
	Mailer       service.Mailer
	Lender       Lender
	Log          *slog.Logger
	Now          func() time.Time
}

var _ service.Notices = (*Service)(nil)

// creditReasonCodes are the decline reasons that relied on the bureau report.
var creditReasonCodes = map[string]bool{"AA04": true, "AA05": true, "AA06": true}

// SendAdverseAction emails the notice for a declined application once.
func (s *Service) SendAdverseAction(ctx context.Context, applicationID uuid.UUID) error {
	sent, err := s.Notices.Exists(ctx, applicationID)
	if err != nil {
		return err
	}
	if sent {
		return nil
	}
	app, err := s.Applications.Get(ctx, applicationID)
	if err != nil {
		return err
	}
	decision, err := s.Decisions.ByApplication(ctx, app.ID)
	if err != nil {
		return err
	}
	if decision.Outcome != domain.OutcomeDeclined {
		return fmt.Errorf("application %s: %w", app.ID, domain.ErrDecisionNotDecline)
	}
	customer, err := s.Customers.Get(ctx, app.CustomerID)
	if err != nil {
		return err
	}

	codes := strings.Split(decision.ReasonCodes, ",")
	data := adverseActionData{
		FirstName:     customer.FirstName,
		LastName:      customer.LastName,
		ApplicationID: app.ID.String()[:8],
		DecidedOn:     formatDate(decision.DecidedAt),
		LenderName:    s.Lender.Name,
		LenderAddress: s.Lender.Address,
		BureauName:    "SoftPull Consumer Reporting",
		BureauAddress: "PO Box 4500, Allen, TX 75013",
		BureauPhone:   "1-888-555-0142",
	}
	for _, code := range codes {
		data.Reasons = append(data.Reasons, underwriting.ReasonText(code))
		if creditReasonCodes[code] {
			data.UsedCredit = true
		}
	}
	text, err := renderAdverseAction(data)
	if err != nil {
		return fmt.Errorf("render notice: %w", err)
	}

	msgID, err := s.Mailer.Send(ctx, email.Message{
		To:       customer.Email,
		ToName:   customer.FirstName + " " + customer.LastName,
		Subject:  "Your Refund Advance application",
		Text:     text,
		Category: "adverse_action",
		Args:     map[string]string{"application_id": app.ID.String()},
	})
	if err != nil {
		return fmt.Errorf("send adverse action notice: %w", err)
	}

	return s.Notices.Create(ctx, &domain.AdverseActionNotice{
		ID:                uuid.New(),
		ApplicationID:     app.ID,
		Email:             customer.Email,
		ReasonCodes:       decision.ReasonCodes,
		ProviderMessageID: msgID,
		SentAt:            s.Now(),
	})
}
