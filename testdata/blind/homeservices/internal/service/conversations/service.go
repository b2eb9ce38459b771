// Package conversations relays messages between a customer and the
// technician assigned to their job through masked numbers.
package conversations

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/provider/sms"
	"github.com/tradeloop/homeservices/internal/store"
)

// ProviderSet provides the conversations Service.
var ProviderSet = wire.NewSet(NewService)

// maxBody is the longest message we relay (three SMS segments).
const maxBody = 459

// Service relays job messages.
type Service struct {
	repos *store.Repos
	relay sms.API
	now   func() time.Time
}

// NewService builds a Service.
func NewService(repos *store.Repos, relay sms.API) *Service {
	return &Service{repos: repos, relay: relay, now: time.Now}
}

// conversationKey names the masked conversation for a job.
func conversationKey(jobID string) string { return "job-" + jobID }

// PostCustomerMessage relays a customer's message to the assigned technician
// and keeps a copy on the job.
func (s *Service) PostCustomerMessage(ctx context.Context, jobID, customerID, body string) (*domain.JobMessage, error) {
	body = strings.TrimSpace(body)
	if body == "" || utf8.RuneCountInString(body) > maxBody {
		return nil, domain.Invalidf("message must be 1-%d characters", maxBody)
	}
	job, err := s.repos.Jobs.Get(ctx, jobID)
	if err != nil {
		return nil, err
	}
	if job.CustomerID != customerID {
		return nil, domain.ErrForbidden
	}
	if job.AssignedTechnicianID == nil {
		return nil, domain.Conflictf("job %s has no technician yet", jobID)
	}
	customer, err := s.repos.Customers.Get(ctx, customerID)
	if err != nil {
		return nil, err
	}
	tech, err := s.repos.Technicians.Get(ctx, *job.AssignedTechnicianID)
	if err != nil {
		return nil, err
	}

	out, err := s.relay.Relay(ctx, sms.RelayMessage{
		ConversationKey: conversationKey(job.ID),
		FromParticipant: customer.Phone,
		ToParticipant:   tech.Phone,
		Body:            body,
	})
	if err != nil {
		return nil, fmt.Errorf("conversations: relay: %w", err)
	}

	msg := &domain.JobMessage{
		ID:             ids.New(),
		JobID:          job.ID,
		Sender:         "customer",
		Body:           body,
		RelayMessageID: &out.SID,
		CreatedAt:      s.now(),
	}
	if err := s.repos.Messages.Insert(ctx, msg); err != nil {
		return nil, fmt.Errorf("conversations: save message: %w", err)
	}
	return msg, nil
}

// List returns the job's messages for its customer.
func (s *Service) List(ctx context.Context, jobID, customerID string) ([]domain.JobMessage, error) {
	job, err := s.repos.Jobs.Get(ctx, jobID)
	if err != nil {
		return nil, err
	}
	if job.CustomerID != customerID {
		return nil, domain.ErrForbidden
	}
	return s.repos.Messages.ListByJob(ctx, jobID)
}
