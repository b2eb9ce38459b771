// Package payouts computes tutor earnings and pays them out weekly via
// Stripe Connect transfers.
package payouts

import (
	"github.com/google/uuid"

	"github.com/learnloop/tutoring/internal/domain"
)

// EarningFor computes the tutor's share of a lesson at their hourly
// rate, net of the platform fee (in basis points).
func EarningFor(lesson domain.Lesson, tutor domain.Tutor, platformFeeBps int64) domain.Earning {
	gross := tutor.HourlyRateCents * int64(lesson.DurationMin) / 60
	net := gross - gross*platformFeeBps/10_000
	return domain.Earning{
		ID:          uuid.New(),
		TutorID:     tutor.ID,
		LessonID:    lesson.ID,
		AmountCents: net,
	}
}
