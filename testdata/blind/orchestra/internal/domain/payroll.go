package domain

import "time"

// Payroll run and payout statuses.
const (
	RunOpen   = "open"
	RunClosed = "closed"
	RunPaid   = "paid"

	PayoutPending   = "pending"
	PayoutSubmitted = "submitted"
	PayoutPaid      = "paid"
	PayoutReturned  = "returned"
)

type Musician struct {
	ID               string `gorm:"primaryKey"`
	FullName         string
	Section          string
	Email            string
	PayoutAccountRef string
	ServiceRateCents int64
	Active           bool
}

// Service is a single rehearsal or performance call.
type Service struct {
	ID          string `gorm:"primaryKey"`
	Kind        string
	StartsAt    time.Time
	LengthHours float64
}

// Attendance is a payroll line: one musician playing one service.
type Attendance struct {
	ID           string `gorm:"primaryKey"`
	ServiceID    string
	MusicianID   string
	AmountCents  int64
	Doubling     bool
	PayrollRunID *string
	RecordedAt   time.Time
}

func (Attendance) TableName() string { return "service_attendance" }

type PayrollRun struct {
	ID          string `gorm:"primaryKey"`
	PeriodStart time.Time
	PeriodEnd   time.Time
	TotalCents  int64
	Status      string
	CreatedAt   time.Time
}

type Payout struct {
	ID             string `gorm:"primaryKey"`
	PayrollRunID   string
	MusicianID     string
	AmountCents    int64
	Status         string
	BankTransferID *string
	CreatedAt      time.Time
}

type PayoutAttempt struct {
	ID         string `gorm:"primaryKey"`
	PayoutID   string
	StartedAt  time.Time
	FinishedAt *time.Time
	Outcome    *string
	Detail     *string
}

// DoublingPremium is the contractual uplift, in percent, for a musician
// covering a second instrument in the same service.
const DoublingPremium = 20

// ServicePay computes pay for one service at the musician's base rate.
func ServicePay(rateCents int64, doubling bool) int64 {
	if doubling {
		return rateCents + rateCents*DoublingPremium/100
	}
	return rateCents
}

// PeriodFor returns the Monday-to-Sunday pay period containing t.
func PeriodFor(t time.Time) (start, end time.Time) {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	offset := (int(d.Weekday()) + 6) % 7
	start = d.AddDate(0, 0, -offset)
	return start, start.AddDate(0, 0, 6)
}
