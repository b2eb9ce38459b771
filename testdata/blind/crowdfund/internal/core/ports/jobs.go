package ports

import (
	"context"
	"time"
)

// Job is a unit of background work. Kind must be unique per job type.
type Job interface {
	Kind() string
}

type EnqueueOptions struct {
	Queue        string
	UniqueByArgs bool
	UniqueFor    time.Duration
	RunAt        time.Time
	MaxAttempts  int
}

type EnqueueOption func(*EnqueueOptions)

// UniqueByArgs makes a second enqueue with identical arguments a no-op
// while the first job is still pending, running or completed.
func UniqueByArgs() EnqueueOption {
	return func(o *EnqueueOptions) { o.UniqueByArgs = true }
}

func UniqueFor(d time.Duration) EnqueueOption {
	return func(o *EnqueueOptions) { o.UniqueFor = d }
}

func RunAt(t time.Time) EnqueueOption {
	return func(o *EnqueueOptions) { o.RunAt = t }
}

type JobQueue interface {
	Enqueue(ctx context.Context, job Job, opts ...EnqueueOption) error
}

const (
	QueuePayments    = "payments"
	QueuePayouts     = "payouts"
	QueueFulfilment  = "fulfilment"
	QueueMail        = "mail"
	QueueMaintenance = "maintenance"
)

type CapturePledgeArgs struct {
	PledgeID string `json:"pledge_id"`
}

func (CapturePledgeArgs) Kind() string { return "capture_pledge" }

type CancelAuthorizationArgs struct {
	PledgeID string `json:"pledge_id"`
}

func (CancelAuthorizationArgs) Kind() string { return "cancel_authorization" }

type CreatorPayoutArgs struct {
	PayoutID string `json:"payout_id"`
}

func (CreatorPayoutArgs) Kind() string { return "creator_payout" }

type BookShipmentArgs struct {
	PledgeID string `json:"pledge_id"`
}

func (BookShipmentArgs) Kind() string { return "book_shipment" }

type SchedulePickupArgs struct {
	CampaignID string `json:"campaign_id"`
	Date       string `json:"date"`
}

func (SchedulePickupArgs) Kind() string { return "schedule_pickup" }

type SendNotificationArgs struct {
	NotificationID string `json:"notification_id"`
}

func (SendNotificationArgs) Kind() string { return "send_notification" }

type SendReminderArgs struct {
	CampaignID string `json:"campaign_id"`
	PledgeID   string `json:"pledge_id"`
	Email      string `json:"email"`
	Sweep      string `json:"sweep"`
}

func (SendReminderArgs) Kind() string { return "send_reminder" }
