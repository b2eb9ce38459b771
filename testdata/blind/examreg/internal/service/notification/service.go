// Package notification composes and sends candidate-facing email.
package notification

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/events"
	"github.com/lexicaassess/examreg/internal/provider/notify"
)

// Mailer sends templated email.
type Mailer interface {
	Send(ctx context.Context, e notify.Email, opts ...notify.SendOption) (string, error)
}

// Registrations is the part of the registrations repository used here.
type Registrations interface {
	Get(ctx context.Context, id string) (*model.Registration, error)
	MarkConfirmationSent(ctx context.Context, id string, at time.Time) error
}

// Service sends candidate email.
type Service struct {
	mailer Mailer
	regs   Registrations
	locale string
	now    func() time.Time
}

// New builds a Service.
func New(m Mailer, regs Registrations, locale string) *Service {
	return &Service{mailer: m, regs: regs, locale: locale, now: time.Now}
}

// SendConfirmation emails the booking confirmation and receipt.
func (s *Service) SendConfirmation(ctx context.Context, evt events.RegistrationConfirmed) error {
	reg, err := s.regs.Get(ctx, evt.RegistrationID)
	if err != nil {
		return err
	}
	if reg.ConfirmationSentAt != nil {
		return nil
	}
	sess := reg.Session
	_, err = s.mailer.Send(ctx, notify.Email{
		To:       reg.Candidate.Email,
		Template: "registration-confirmed",
		Locale:   s.locale,
		Vars: map[string]string{
			"given_name": reg.Candidate.GivenName,
			"exam_code":  sess.ExamCode,
			"starts_at":  sess.StartsAt.Format(time.RFC1123),
			"centre_id":  sess.CentreID,
			"receipt":    evt.ReceiptNumber,
		},
	}, notify.WithTags("registration", "receipt"))
	if err != nil {
		return fmt.Errorf("send confirmation: %w", err)
	}
	return s.regs.MarkConfirmationSent(ctx, reg.ID, s.now().UTC())
}

// ResultNotice is what the results email needs.
type ResultNotice struct {
	PartnerResultID string
	Revision        int
	Email           string
	GivenName       string
	CEFRLevel       string
	Overall         float64
}

// SendResultReady tells the candidate their result is available online.
// Revisions get their own email; repeats of one revision are collapsed by
// the relay.
func (s *Service) SendResultReady(ctx context.Context, n ResultNotice) error {
	key := "result-" + n.PartnerResultID + "-r" + strconv.Itoa(n.Revision)
	_, err := s.mailer.Send(ctx, notify.Email{
		To:       n.Email,
		Template: "result-ready",
		Locale:   s.locale,
		Vars: map[string]string{
			"given_name": n.GivenName,
			"cefr_level": n.CEFRLevel,
			"overall":    strconv.FormatFloat(n.Overall, 'f', 1, 64),
		},
	}, notify.WithDedupKey(key), notify.WithTags("results"))
	return err
}
