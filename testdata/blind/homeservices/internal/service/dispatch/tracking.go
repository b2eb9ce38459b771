package dispatch

import (
	"context"
	"math"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/events"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/store"
)

// statusTransitions lists, for each status the technician app reports, the
// job statuses it may move from.
var statusTransitions = map[domain.JobStatus][]domain.JobStatus{
	domain.JobEnRoute:   {domain.JobAssigned},
	domain.JobOnSite:    {domain.JobAssigned, domain.JobEnRoute},
	domain.JobCancelled: {domain.JobOpen, domain.JobQuoted, domain.JobBooked, domain.JobAssigned},
}

// customerFacing are the statuses the customer is texted about.
var customerFacing = map[domain.JobStatus]string{
	domain.JobEnRoute:   "your technician is on the way",
	domain.JobOnSite:    "your technician has arrived",
	domain.JobCancelled: "the job was cancelled",
}

// OnStatusChanged records a status event from the technician app, moves the
// job along and tells the customer.
func (s *Service) OnStatusChanged(ctx context.Context, evt events.JobStatusChanged, _ events.Meta) error {
	status := domain.JobStatus(evt.Status)
	from, ok := statusTransitions[status]
	if !ok {
		logSkip(ctx, "unhandled job status", "status", evt.Status, "job", evt.JobID)
		return nil
	}
	var techID *string
	if evt.TechnicianID != "" {
		techID = &evt.TechnicianID
	}
	var moved bool
	err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		if err := tx.JobEvents.Insert(ctx, &domain.JobStatusEvent{
			EventID:      evt.EventID,
			JobID:        evt.JobID,
			Status:       evt.Status,
			TechnicianID: techID,
			OccurredAt:   evt.OccurredAt,
		}); err != nil {
			return err
		}
		var err error
		moved, err = tx.Jobs.SetStatus(ctx, evt.JobID, from, status)
		return err
	})
	if err != nil {
		return err
	}
	if !moved && status != domain.JobCancelled {
		return nil
	}

	job, err := s.repos.Jobs.Get(ctx, evt.JobID)
	if err != nil {
		return err
	}
	customer, err := s.repos.Customers.Get(ctx, job.CustomerID)
	if err != nil {
		return err
	}
	body, err := notify.Render(notify.TplStatusUpdate, map[string]any{"Title": job.Title, "Status": customerFacing[status]})
	if err != nil {
		return err
	}
	_, err = s.notifier.Send(ctx, customer.Phone, body,
		notify.WithClientRef("status_"+evt.EventID),
		notify.ForJob(job.ID),
		notify.Template(notify.TplStatusUpdate),
	)
	return err
}

// etaThreshold is when the customer gets the "nearly there" text.
const etaThreshold = 10

// OnLocation stores the technician's position and, when they are close to
// the job they are driving to, texts the customer once.
func (s *Service) OnLocation(ctx context.Context, ping events.LocationPing, _ events.Meta) error {
	fresh, err := s.repos.Locations.Upsert(ctx, &domain.TechnicianLocation{
		TechnicianID: ping.TechnicianID,
		Lat:          ping.Lat,
		Lng:          ping.Lng,
		Heading:      ping.Heading,
		RecordedAt:   ping.RecordedAt,
	})
	if err != nil || !fresh || ping.JobID == "" {
		return err
	}
	job, err := s.repos.Jobs.Get(ctx, ping.JobID)
	if err != nil {
		return err
	}
	if job.Status != domain.JobEnRoute {
		return nil
	}
	speed := math.Max(ping.SpeedKPH, 25)
	minutes := int(math.Ceil(distanceKM(ping.Lat, ping.Lng, job.Lat, job.Lng) / speed * 60))
	if minutes > etaThreshold {
		return nil
	}

	if err := s.repos.ETANotices.Claim(ctx, &domain.ETANotice{
		JobID:        job.ID,
		TechnicianID: ping.TechnicianID,
		ETAMinutes:   minutes,
		CreatedAt:    s.now(),
	}); err != nil {
		return err
	}
	notice, err := s.repos.ETANotices.Get(ctx, job.ID)
	if err != nil {
		return err
	}
	if notice.Status == "sent" {
		return nil
	}
	tech, err := s.repos.Technicians.Get(ctx, ping.TechnicianID)
	if err != nil {
		return err
	}
	customer, err := s.repos.Customers.Get(ctx, job.CustomerID)
	if err != nil {
		return err
	}
	body, err := notify.Render(notify.TplETA, map[string]any{"TechName": tech.Name, "Minutes": notice.ETAMinutes})
	if err != nil {
		return err
	}
	rcpt, err := s.notifier.Send(ctx, customer.Phone, body,
		notify.WithClientRef("eta_"+job.ID),
		notify.ForJob(job.ID),
		notify.Template(notify.TplETA),
	)
	if err != nil {
		return err
	}
	return s.repos.ETANotices.MarkSent(ctx, job.ID, rcpt.MessageID)
}
