package tickets

import (
	"context"

	"github.com/stagepass/ticketing/internal/apperr"
	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/idgen"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/store"
)

// ResendService lets support staff re-send a ticket e-mail.
type ResendService interface {
	Resend(ctx context.Context, in ResendInput) (ResendResult, error)
}

type ResendInput struct {
	TicketID string
	Actor    string
}

type ResendResult struct {
	TicketID  string `json:"ticket_id"`
	JobID     int64  `json:"job_id"`
	Duplicate bool   `json:"duplicate"`
}

type resendService struct {
	q    db.Querier
	ids  idgen.Generator
	jobs jobs.Inserter
}

func NewResendService(q db.Querier, ids idgen.Generator, ins jobs.Inserter) ResendService {
	return &resendService{q: q, ids: ids, jobs: ins}
}

// Resend queues a fresh e-mail delivery. The job kind is unique by args for
// 15 minutes so double clicks in the support console do not spam the fan.
func (s *resendService) Resend(ctx context.Context, in ResendInput) (ResendResult, error) {
	t, err := s.q.GetTicket(ctx, in.TicketID)
	if store.IsNotFound(err) {
		return ResendResult{}, apperr.NotFound("ticket %s not found", in.TicketID)
	}
	if err != nil {
		return ResendResult{}, err
	}
	if t.Status != "valid" {
		return ResendResult{}, apperr.Conflict("ticket %s is %s", t.ID, t.Status)
	}
	requestID := s.ids.New()
	res, err := s.jobs.Insert(ctx, jobs.DeliverTicketEmailArgs{
		TicketID:   t.ID,
		RequestRef: "resend:" + requestID,
	}, nil)
	if err != nil {
		return ResendResult{}, err
	}
	return ResendResult{TicketID: t.ID, JobID: res.Job.ID, Duplicate: res.UniqueSkippedAsDuplicate}, nil
}
