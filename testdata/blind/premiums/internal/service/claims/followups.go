package claims

import (
	"context"
	"errors"
	"fmt"

	"github.com/segmentio/ksuid"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/provider/messaging"
	"github.com/pawsure/premiums/internal/provider/vetnet"
)

// RequestRecords asks the treating clinic for the pet's clinical history when
// a large claim comes in, so the adjuster has it before review.
func (s *service) RequestRecords(ctx context.Context, evt SubmittedEvent) error {
	if evt.ClinicCode == "" || evt.ClaimedCents < s.recordsThreshold {
		return nil
	}
	c, err := s.Store.GetClaim(ctx, evt.ClaimID)
	if err != nil {
		return err
	}
	pol, err := s.Store.GetPolicy(ctx, c.PolicyID)
	if err != nil {
		return err
	}
	pet, err := s.Store.GetPet(ctx, pol.PetID)
	if err != nil {
		return err
	}
	requestID, err := s.VetNet.RequestMedicalRecords(ctx, vetnet.RecordsRequest{
		ClinicCode: evt.ClinicCode,
		PetName:    pet.Name,
		ClaimRef:   c.ID,
		FromDate:   pol.StartsOn.AddDate(-2, 0, 0).Format("2006-01-02"),
	})
	if err != nil {
		return fmt.Errorf("request records: %w", err)
	}
	return s.Store.InsertRecordsRequest(ctx, c.ID, evt.ClinicCode, requestID)
}

// SendDocsReminder texts the policyholder if a claim still has no documents.
func (s *service) SendDocsReminder(ctx context.Context, claimID string) error {
	c, err := s.Store.GetClaim(ctx, claimID)
	if err != nil {
		return err
	}
	if c.Status != "submitted" {
		return nil
	}
	n, err := s.Store.CountClaimDocuments(ctx, c.ID)
	if err != nil || n > 0 {
		return err
	}
	pol, err := s.Store.GetPolicy(ctx, c.PolicyID)
	if err != nil {
		return err
	}
	ph, err := s.Store.GetPolicyholder(ctx, pol.PolicyholderID)
	if err != nil {
		return err
	}
	if !ph.Phone.Valid {
		return nil
	}
	msg := messaging.Message{
		ClientMessageID: fmt.Sprintf("docs-reminder-%s-%d", c.ID, s.now().Unix()),
		Channel:         messaging.SMS,
		To:              ph.Phone.String,
		Template:        "claim_docs_reminder",
		Params:          map[string]string{"invoice": c.VetInvoiceNumber},
	}
	_, err = s.Sender.Send(ctx, msg)
	return err
}

// noticeFor builds the clinic-facing decision notice for a claim.
func noticeFor(c db.Claim, decision string) vetnet.DecisionNotice {
	return vetnet.DecisionNotice{
		NoticeID:      ksuid.New().String(),
		ClinicCode:    c.ClinicCode.String,
		ClaimRef:      c.ID,
		InvoiceNumber: c.VetInvoiceNumber,
		Decision:      decision,
		ApprovedMinor: c.ApprovedCents.Int64,
		PayingClinic:  c.PayVetDirect,
	}
}

// NotifyVetDecision sends the decision notice to the clinic through VetNet.
func (s *service) NotifyVetDecision(ctx context.Context, claimID, decision string) error {
	c, err := s.Store.GetClaim(ctx, claimID)
	if err != nil {
		return err
	}
	if !c.ClinicCode.Valid {
		return nil
	}
	if _, err := s.Store.GetClinicByCode(ctx, c.ClinicCode.String); errors.Is(err, db.ErrNotFound) {
		s.Log.Info("clinic not on VetNet, skipping decision notice", "claim_id", c.ID, "clinic", c.ClinicCode.String)
		return nil
	} else if err != nil {
		return err
	}
	notice := noticeFor(c, decision)
	if err := s.VetNet.SendDecisionNotice(ctx, notice); err != nil {
		return err
	}
	return s.Store.InsertVetDecisionNotice(ctx, notice.NoticeID, c.ID, decision)
}
