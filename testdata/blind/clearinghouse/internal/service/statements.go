package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/mailing"
	"github.com/medbridge-health/clearinghouse/internal/messaging"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
	"github.com/medbridge-health/clearinghouse/internal/platform/clock"
	"github.com/medbridge-health/clearinghouse/internal/platform/ids"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

// Internal event topics published by the statement flow.
const (
	TopicStatementIssued  = "statement.issued"
	TopicRemittancePosted = "remittance.posted"
	TopicPayoutTransfered = "payout.transferred"
)

// StatementIssued is published whenever a statement exists and is open.
type StatementIssued struct {
	StatementID string `json:"statement_id"`
	ClaimID     string `json:"claim_id"`
	Cycle       int    `json:"cycle"`
}

// StatementService issues, mails and notifies patient statements.
type StatementService struct {
	tx         Tx
	claims     claimStore
	accounts   accountStore
	statements statementStore
	mailings   interface {
		Insert(ctx context.Context, q sqlx.ExtContext, m *repository.Mailing) error
	}
	notifications interface {
		Insert(ctx context.Context, q sqlx.ExtContext, id, statementID, channel, vendorMessageID string) error
	}
	mailer    Mailer
	sms       SMSSender
	events    EventPublisher
	newID     IDFunc
	now       Clock
	portalURL string
	dueDays   int
	log       *slog.Logger
}

// StatementServiceDeps groups StatementService collaborators.
type StatementServiceDeps struct {
	Tx            Tx
	Claims        *repository.ClaimRepo
	Accounts      *repository.PatientAccountRepo
	Statements    *repository.StatementRepo
	Mailings      *repository.MailingRepo
	Notifications *repository.NotificationRepo
	Mailer        Mailer
	SMS           SMSSender
	Events        EventPublisher
	NewID         IDFunc
	Now           Clock
	PortalURL     string
	Log           *slog.Logger
}

// NewStatementService builds a StatementService.
func NewStatementService(d StatementServiceDeps) *StatementService {
	return &StatementService{
		tx: d.Tx, claims: d.Claims, accounts: d.Accounts, statements: d.Statements, mailings: d.Mailings,
		notifications: d.Notifications, mailer: d.Mailer, sms: d.SMS, events: d.Events, newID: d.NewID,
		now: d.Now, portalURL: d.PortalURL, dueDays: 30, log: d.Log,
	}
}

// IssueInput asks for a statement of a claim's patient responsibility.
type IssueInput struct {
	ClaimID      string
	Cycle        int
	RemittanceID *string
}

// Issue creates the statement for (claim, cycle) if it does not exist and
// announces it. Announcing is repeated on every call; subscribers key on
// the statement id.
func (s *StatementService) Issue(ctx context.Context, in IssueInput) (*domain.Statement, error) {
	if in.Cycle <= 0 {
		in.Cycle = 1
	}
	var st *domain.Statement
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		claim, err := s.claims.Get(ctx, q, in.ClaimID)
		if err != nil {
			return err
		}
		if claim.PatientRespCents <= 0 {
			return apperr.Unprocessable("claim %s has no patient responsibility", claim.ID)
		}
		candidate := &domain.Statement{
			ID:               s.newID("stm"),
			ClaimID:          claim.ID,
			PatientAccountID: claim.PatientAccountID,
			RemittanceID:     in.RemittanceID,
			Cycle:            in.Cycle,
			AmountDueCents:   claim.PatientRespCents,
			Status:           domain.StatementOpen,
			DueDate:          clock.Date(s.now()).AddDate(0, 0, s.dueDays),
			IssuedAt:         s.now(),
		}
		created, err := s.statements.InsertIfAbsent(ctx, q, candidate)
		if err != nil {
			return err
		}
		if created {
			st = candidate
			return s.accounts.AddBalance(ctx, q, claim.PatientAccountID, claim.PatientRespCents)
		}
		st, err = s.statements.GetByCycle(ctx, q, claim.ID, in.Cycle)
		return err
	})
	if err != nil {
		return nil, err
	}
	if st.Status == domain.StatementOpen {
		if err := s.events.Publish(ctx, TopicStatementIssued, StatementIssued{
			StatementID: st.ID, ClaimID: st.ClaimID, Cycle: st.Cycle,
		}); err != nil {
			return nil, fmt.Errorf("publish statement issued: %w", err)
		}
	}
	return st, nil
}

// RemittancePosted is published per claim with patient responsibility
// after a remittance is posted.
type RemittancePosted struct {
	RemittanceID     string `json:"remittance_id"`
	ClaimID          string `json:"claim_id"`
	PatientRespCents int64  `json:"patient_resp_cents"`
}

// IssueFromRemittance issues the first-cycle statement for a claim once
// its remittance is posted.
func (s *StatementService) IssueFromRemittance(ctx context.Context, ev RemittancePosted) error {
	if ev.PatientRespCents <= 0 {
		return nil
	}
	_, err := s.Issue(ctx, IssueInput{ClaimID: ev.ClaimID, Cycle: 1, RemittanceID: &ev.RemittanceID})
	if apperr.KindOf(err) == apperr.KindUnprocessable {
		return nil
	}
	return err
}

type mailingAddress struct {
	Line1 string `json:"line1"`
	Line2 string `json:"line2"`
	City  string `json:"city"`
	State string `json:"state"`
	ZIP   string `json:"zip"`
}

// MailInput asks to print and mail a statement.
type MailInput struct {
	StatementID string
	MailClass   string
}

// Mail prints and mails a paper statement.
func (s *StatementService) Mail(ctx context.Context, in MailInput) (*repository.Mailing, error) {
	q := s.tx.Ext(ctx)
	st, err := s.statements.Get(ctx, q, in.StatementID)
	if err != nil {
		return nil, err
	}
	if st.Status != domain.StatementOpen {
		return nil, apperr.Conflict("statement %s is %s", st.ID, st.Status)
	}
	acct, err := s.accounts.Get(ctx, q, st.PatientAccountID)
	if err != nil {
		return nil, err
	}
	var addr mailingAddress
	if err := json.Unmarshal(acct.MailingAddress, &addr); err != nil || addr.Line1 == "" {
		return nil, apperr.Unprocessable("patient account %s has no mailing address", acct.ID)
	}
	if in.MailClass == "" {
		in.MailClass = "usps_first_class"
	}

	letter, err := s.mailer.SendLetter(ctx, mailing.LetterRequest{
		To: mailing.Address{
			Name: acct.PatientName, Line1: addr.Line1, Line2: addr.Line2,
			City: addr.City, State: addr.State, ZIP: addr.ZIP,
		},
		TemplateID: "patient-statement-v3",
		MergeFields: map[string]string{
			"account_number": acct.AccountNumber,
			"amount_due":     formatCents(st.AmountDueCents),
			"due_date":       st.DueDate.Format("01/02/2006"),
			"pay_url":        s.portalURL + st.ID,
		},
		MailClass:   in.MailClass,
		Description: "statement " + st.ID,
	})
	if err != nil {
		return nil, apperr.Upstream(err, "print vendor")
	}

	m := &repository.Mailing{
		ID:             s.newID("mal"),
		StatementID:    st.ID,
		VendorLetterID: letter.ID,
		MailClass:      in.MailClass,
		MailedAt:       s.now(),
	}
	if d, err := time.Parse("2006-01-02", letter.ExpectedDelivery); err == nil {
		m.ExpectedDelivery = &d
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		if err := s.mailings.Insert(ctx, q, m); err != nil {
			return err
		}
		return s.statements.SetStatus(ctx, q, st.ID, domain.StatementMailed)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// NotifyPatient texts the patient a link to pay a newly issued statement.
func (s *StatementService) NotifyPatient(ctx context.Context, ev StatementIssued) error {
	q := s.tx.Ext(ctx)
	st, err := s.statements.Get(ctx, q, ev.StatementID)
	if err != nil {
		return err
	}
	if st.Status != domain.StatementOpen {
		return nil
	}
	acct, err := s.accounts.Get(ctx, q, st.PatientAccountID)
	if err != nil {
		return err
	}
	if !acct.SMSOptIn || acct.Phone == nil || *acct.Phone == "" {
		return nil
	}
	receipt, err := s.sms.SendSMS(ctx, messaging.SMS{
		To: *acct.Phone,
		Body: fmt.Sprintf("You have a new statement of %s due %s. Pay securely: %s%s",
			formatCents(st.AmountDueCents), st.DueDate.Format("Jan 2"), s.portalURL, st.ID),
		DedupID: messaging.NewDedupID(),
		Tags:    map[string]string{"statement_id": st.ID, "cycle": fmt.Sprint(st.Cycle)},
	})
	if err != nil {
		return fmt.Errorf("send statement sms: %w", err)
	}
	return s.notifications.Insert(ctx, q, ids.Derive("ntf", st.ID, "sms"), st.ID, "sms", receipt.MessageID)
}

func formatCents(c int64) string {
	return fmt.Sprintf("$%d.%02d", c/100, c%100)
}
