// Package events defines the Pub/Sub topics and payloads exchanged
// between the api and worker processes, and the publisher used to emit
// them.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"cloud.google.com/go/pubsub/v2"
	"github.com/google/uuid"
	"go.uber.org/fx"
)

// Topic and subscription names.
const (
	TopicLessonBooked          = "lesson-booked"
	TopicLessonCompleted       = "lesson-completed"
	TopicApplicationSubmitted  = "tutor-application-submitted"
	TopicVerificationCompleted = "tutor-verification-completed"
	TopicCreditAdjustments     = "credit-adjustments"

	SubPartnerSync        = "lesson-booked.partner-sync"
	SubEarnings           = "lesson-completed.earnings"
	SubVerificationResult = "tutor-verification-completed.onboarding"
	SubCreditAdjustments  = "credit-adjustments.ledger"
)

// LessonEvent is published when a lesson is booked or completed.
type LessonEvent struct {
	LessonID    uuid.UUID `json:"lesson_id"`
	StudentID   uuid.UUID `json:"student_id"`
	TutorID     uuid.UUID `json:"tutor_id"`
	StartsAt    time.Time `json:"starts_at"`
	DurationMin int       `json:"duration_min"`
	Credits     int       `json:"credits"`
	OccurredAt  time.Time `json:"occurred_at"`
}

// ApplicationSubmitted starts the background-check pipeline.
type ApplicationSubmitted struct {
	ApplicationID uuid.UUID `json:"application_id"`
	Email         string    `json:"email"`
	FullName      string    `json:"full_name"`
	Country       string    `json:"country"`
}

// VerificationCompleted is published by the trust & safety pipeline.
type VerificationCompleted struct {
	TutorID uuid.UUID `json:"tutor_id"`
	Outcome string    `json:"outcome"` // "approved" or "rejected"
	CheckID string    `json:"check_id"`
}

// CreditAdjustment is published by the support console.
type CreditAdjustment struct {
	StudentID uuid.UUID `json:"student_id"`
	Delta     int       `json:"delta"`
	Reason    string    `json:"reason"`
	Agent     string    `json:"agent"`
	Ticket    string    `json:"ticket"`
}

// Publisher emits domain events.
type Publisher interface {
	LessonBooked(ctx context.Context, ev LessonEvent) error
	LessonCompleted(ctx context.Context, ev LessonEvent) error
	ApplicationSubmitted(ctx context.Context, ev ApplicationSubmitted) error
}

type pubsubPublisher struct {
	pubs map[string]*pubsub.Publisher
}

// NewPublisher builds the Pub/Sub publisher and stops its topics on
// shutdown.
func NewPublisher(lc fx.Lifecycle, client *pubsub.Client) *pubsubPublisher {
	p := &pubsubPublisher{pubs: map[string]*pubsub.Publisher{}}
	for _, t := range []string{TopicLessonBooked, TopicLessonCompleted, TopicApplicationSubmitted} {
		p.pubs[t] = client.Publisher(t)
	}
	lc.Append(fx.StopHook(func() {
		for _, pub := range p.pubs {
			pub.Stop()
		}
	}))
	return p
}

func (p *pubsubPublisher) publish(ctx context.Context, topic string, attrs map[string]string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	res := p.pubs[topic].Publish(ctx, &pubsub.Message{Data: data, Attributes: attrs})
	if _, err := res.Get(ctx); err != nil {
		return fmt.Errorf("publish %s: %w", topic, err)
	}
	return nil
}

func (p *pubsubPublisher) LessonBooked(ctx context.Context, ev LessonEvent) error {
	return p.publish(ctx, TopicLessonBooked, map[string]string{"lesson_id": ev.LessonID.String()}, ev)
}

func (p *pubsubPublisher) LessonCompleted(ctx context.Context, ev LessonEvent) error {
	return p.publish(ctx, TopicLessonCompleted, map[string]string{"lesson_id": ev.LessonID.String()}, ev)
}

func (p *pubsubPublisher) ApplicationSubmitted(ctx context.Context, ev ApplicationSubmitted) error {
	return p.publish(ctx, TopicApplicationSubmitted, map[string]string{"application_id": ev.ApplicationID.String()}, ev)
}

// FromLesson fills a LessonEvent from lesson fields.
func FromLesson(id, student, tutor uuid.UUID, start time.Time, dur, credits int) LessonEvent {
	return LessonEvent{LessonID: id, StudentID: student, TutorID: tutor, StartsAt: start, DurationMin: dur, Credits: credits, OccurredAt: time.Now().UTC()}
}
