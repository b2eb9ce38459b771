package consumers

import (
	"context"
	"fmt"

	"cloud.google.com/go/pubsub/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/events"
	"github.com/learnloop/tutoring/internal/providers/partners"
	"github.com/learnloop/tutoring/internal/service/lessonops"
	"github.com/learnloop/tutoring/internal/store"
)

// PartnerBooker is the partner timetable API.
type PartnerBooker interface {
	CreateBooking(ctx context.Context, ep partners.Endpoint, b partners.Booking) (string, error)
}

// LessonConsumers handles lesson lifecycle events.
type LessonConsumers struct {
	pool     *pgxpool.Pool
	students store.Students
	tutors   store.Tutors
	partners store.Partners
	booker   PartnerBooker
	ops      lessonops.Service
}

// NewLessonConsumers builds the lesson consumers.
func NewLessonConsumers(pool *pgxpool.Pool, students store.Students, tutors store.Tutors, ps store.Partners,
	booker PartnerBooker, ops lessonops.Service) *LessonConsumers {
	return &LessonConsumers{pool: pool, students: students, tutors: tutors, partners: ps, booker: booker, ops: ops}
}

// Subscriptions implements Provider.
func (c *LessonConsumers) Subscriptions() []Subscription {
	return []Subscription{
		{Name: events.SubPartnerSync, Handler: Decoded(c.syncPartner), MaxOutstanding: 20},
		{Name: events.SubEarnings, Handler: Decoded(c.settle)},
	}
}

// syncPartner mirrors a booking into the student's partner school
// timetable.
func (c *LessonConsumers) syncPartner(ctx context.Context, _ *pubsub.Message, ev events.LessonEvent) error {
	student, err := c.students.Get(ctx, c.pool, ev.StudentID)
	if err != nil {
		return err
	}
	if student.PartnerSchoolID == nil {
		return nil
	}
	if _, ok, err := c.partners.BookingRef(ctx, c.pool, ev.LessonID); err != nil || ok {
		return err
	}
	school, err := c.partners.School(ctx, c.pool, *student.PartnerSchoolID)
	if err != nil {
		return err
	}
	tutor, err := c.tutors.Get(ctx, c.pool, ev.TutorID)
	if err != nil {
		return err
	}
	ref, err := c.booker.CreateBooking(ctx, partners.Endpoint{URL: school.BookingURL, Token: school.APIToken}, partners.Booking{
		LessonID:     ev.LessonID.String(),
		StudentEmail: student.Email,
		TutorName:    tutor.DisplayName,
		StartsAt:     ev.StartsAt,
		DurationMin:  ev.DurationMin,
	})
	if err != nil {
		return fmt.Errorf("partner %s: %w", school.Name, err)
	}
	return c.partners.SaveBooking(ctx, c.pool, ev.LessonID, school.ID, ref)
}

func (c *LessonConsumers) settle(ctx context.Context, _ *pubsub.Message, ev events.LessonEvent) error {
	return c.ops.SettleCompleted(ctx, ev)
}
