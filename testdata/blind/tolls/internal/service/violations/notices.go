package violations

import (
	"context"
	"fmt"
	"time"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/providers/mailer"
)

// Letter templates at the print partner.
const (
	tmplNotice   = "tmpl_violation_notice_v4"
	tmplReissue  = "tmpl_violation_notice_reissue_v2"
	tmplReminder = "tmpl_violation_reminder_v3"
	tmplFinal    = "tmpl_violation_final_v2"
)

func (s *Impl) noticeLetter(v *domain.Violation, template string) *mailer.LetterBuilder {
	due := time.Now().AddDate(0, 0, 30)
	return mailer.NewLetter(template).
		To(mailer.Address{
			Name:       v.OwnerName,
			Line1:      v.AddressLine1,
			Line2:      v.AddressLine2,
			City:       v.City,
			Region:     v.Region,
			PostalCode: v.PostalCode,
		}).
		From(s.mail.ReturnAddress()).
		Var("violation_id", v.ID).
		Var("plate", v.PlateState+" "+v.PlateNumber).
		Var("passed_at", mailer.FormatDate(v.PassedAt)).
		Var("toll", mailer.FormatCents(v.TollCents)).
		Var("fee", mailer.FormatCents(v.FeeCents)).
		Var("amount_due", mailer.FormatCents(v.AmountDue())).
		Var("due_date", mailer.FormatDate(due)).
		Var("image_url", v.ImageURL).
		Meta("violation_id", v.ID)
}

// SendNotice mails the first notice for a new violation.
func (s *Impl) SendNotice(ctx context.Context, violationID string) error {
	v, err := s.violations.Get(ctx, violationID)
	if err != nil {
		return err
	}
	if v.Status != domain.ViolationOpen {
		return nil
	}
	letter, err := s.noticeLetter(v, tmplNotice).Tracked().Build()
	if err != nil {
		return err
	}
	if _, err := s.mail.Send(ctx, letter); err != nil {
		return fmt.Errorf("mail notice %s: %w", v.ID, err)
	}
	return s.violations.RecordNotice(ctx, v.ID, letter.Reference, time.Now().UTC())
}

// Reissue mails a fresh copy of the notice, e.g. after the owner reports
// a change of address.
func (s *Impl) Reissue(ctx context.Context, violationID, actor string) (*mailer.Result, error) {
	v, err := s.violations.Get(ctx, violationID)
	if err != nil {
		return nil, err
	}
	if v.Status == domain.ViolationPaid || v.Status == domain.ViolationDismissed {
		return nil, fmt.Errorf("%w: violation is %s", domain.ErrPrecondition, v.Status)
	}
	letter, err := s.noticeLetter(v, tmplReissue).
		Certified().
		Meta("reissued_by", actor).
		Build()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", domain.ErrInvalid, err)
	}
	res, err := s.mail.Send(ctx, letter)
	if err != nil {
		return nil, fmt.Errorf("reissue %s: %w", v.ID, err)
	}
	if err := s.violations.RecordNotice(ctx, v.ID, res.ID, time.Now().UTC()); err != nil {
		return nil, err
	}
	return res, nil
}

// SendReminder mails reminder `stage` (1-based) for an unpaid violation and
// raises the fee to that stage's amount. The partner reference is derived
// from the violation and the stage, so each reminder is printed once however
// often the request is delivered.
func (s *Impl) SendReminder(ctx context.Context, violationID string, stage int) error {
	if stage < 1 || stage > len(s.reminderFees) {
		return fmt.Errorf("%w: reminder stage %d", domain.ErrInvalid, stage)
	}
	v, err := s.violations.Get(ctx, violationID)
	if err != nil {
		return err
	}
	if v.Status != domain.ViolationNoticed && v.Status != domain.ViolationOpen {
		return nil
	}
	fee := s.reminderFees[stage-1]
	if fee > v.FeeCents {
		v.FeeCents = fee
	}
	template := tmplReminder
	if stage == len(s.reminderFees) {
		template = tmplFinal
	}
	ref := fmt.Sprintf("vio-%s-r%d", v.ID, stage)
	b := s.noticeLetter(v, template).Reference(ref).Var("stage", fmt.Sprint(stage))
	if stage == len(s.reminderFees) {
		b = b.Certified()
	}
	letter, err := b.Build()
	if err != nil {
		return err
	}
	if _, err := s.mail.Send(ctx, letter); err != nil {
		return fmt.Errorf("mail reminder %s/%d: %w", v.ID, stage, err)
	}
	now := time.Now().UTC()
	return s.violations.UpdateFields(ctx, v.ID, map[string]any{
		"fee_cents":       v.FeeCents,
		"notice_ref":      ref,
		"last_noticed_at": now,
		"status":          domain.ViolationNoticed,
	})
}
