package dispatch

import (
	"context"
	"errors"
	"fmt"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/provider/sms"
)

// Escalate phones the next on-call technician when nobody has accepted a
// job in time.
func (s *Service) Escalate(ctx context.Context, jobID string) error {
	job, err := s.repos.Jobs.Get(ctx, jobID)
	if err != nil {
		return err
	}
	if job.Status != domain.JobOpen && job.Status != domain.JobQuoted {
		return nil
	}
	if _, err := s.repos.Assignments.Get(ctx, jobID); err == nil {
		return nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}

	tried, err := s.repos.Escalations.TechniciansFor(ctx, jobID)
	if err != nil {
		return err
	}
	tech, err := s.repos.Technicians.NextOnCall(ctx, job.Trade, tried)
	if errors.Is(err, domain.ErrNotFound) {
		logSkip(ctx, "no on-call technician left", "job", jobID, "trade", job.Trade)
		return nil
	}
	if err != nil {
		return err
	}

	code := replyCode(job.ID, tech.ID)
	now := s.now()
	if _, err := s.repos.Offers.InsertIgnore(ctx, &domain.DispatchOffer{
		ID:           ids.New(),
		JobID:        job.ID,
		TechnicianID: tech.ID,
		ReplyCode:    code,
		Status:       domain.OfferOffered,
		CreatedAt:    now,
		UpdatedAt:    now,
	}); err != nil {
		return err
	}

	say := fmt.Sprintf("Hi %s. An urgent %s job near %s needs a technician now. "+
		"To take it, text YES %s to this number.", tech.Name, job.Trade, areaOf(job.Address), code)
	call, err := s.calls.PlaceCall(ctx, sms.Call{To: tech.Phone, Say: say, Loop: 2})
	if err != nil {
		return fmt.Errorf("dispatch: call %s: %w", tech.ID, err)
	}

	_, err = s.repos.Escalations.InsertIgnore(ctx, &domain.Escalation{
		ID:           ids.New(),
		JobID:        job.ID,
		TechnicianID: tech.ID,
		CallSID:      call.SID,
		CreatedAt:    now,
	})
	return err
}
