package sms

import (
	"context"
	"errors"
	"time"
)

// ErrQuietHours is returned when a message would be delivered overnight.
var ErrQuietHours = errors.New("sms: recipient is in quiet hours")

type quietHours struct {
	next       Sender
	loc        *time.Location
	start, end int
	now        func() time.Time
}

// WithQuietHours decorates a Sender so that nothing is sent between start and
// end (local hours). Callers treat ErrQuietHours as retryable.
func WithQuietHours(next Sender, loc *time.Location, start, end int) Sender {
	return &quietHours{next: next, loc: loc, start: start, end: end, now: time.Now}
}

func (q *quietHours) Send(ctx context.Context, msg Message) (*SendResult, error) {
	h := q.now().In(q.loc).Hour()
	if h >= q.start || h < q.end {
		return nil, ErrQuietHours
	}
	return q.next.Send(ctx, msg)
}
