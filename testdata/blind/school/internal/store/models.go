package store

import "time"

// Student is a learner with a billing profile.
type Student struct {
	ID                   string
	FullName             string
	Email                string
	Phone                string
	Nationality          string
	PassportNumber       string
	CEFRLevel            string
	StripeCustomerID     string
	DefaultPaymentMethod string
	CreatedAt            time.Time
}

// Course is a scheduled course that students enrol on.
type Course struct {
	ID          string
	Title       string
	Language    string
	CEFRLevel   string
	Campus      string
	StartsOn    time.Time
	EndsOn      time.Time
	WeeklyHours int
	PriceCents  int64
	Currency    string
	Capacity    int
	Active      bool
}

// IdempotencyRecord is a claimed caller key.
type IdempotencyRecord struct {
	Scope       string
	Key         string
	RequestHash string
	ResourceID  string
	CreatedAt   time.Time
}

// Enrolment statuses.
const (
	EnrolmentActive       = "active"
	EnrolmentTransferring = "transferring"
	EnrolmentTransferred  = "transferred"
	EnrolmentWithdrawn    = "withdrawn"
)

// Enrolment binds a student to a course with a payment plan.
type Enrolment struct {
	ID            string
	StudentID     string
	CourseID      string
	Status        string
	Plan          string
	TotalCents    int64
	Currency      string
	TransferredTo string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Instalment statuses.
const (
	InstalmentScheduled = "scheduled"
	InstalmentOverdue   = "overdue"
	InstalmentPaid      = "paid"
	InstalmentCancelled = "cancelled"
)

// Instalment is one scheduled payment of an enrolment.
type Instalment struct {
	ID              string
	EnrolmentID     string
	Seq             int
	DueOn           time.Time
	AmountCents     int64
	Currency        string
	Status          string
	PaidAt          *time.Time
	PaymentIntentID string
	LastRemindedAt  *time.Time
}

// DueInstalment is an instalment joined with the data needed to charge or
// remind the student.
type DueInstalment struct {
	Instalment
	StudentID            string
	StudentName          string
	StudentEmail         string
	StudentPhone         string
	StripeCustomerID     string
	DefaultPaymentMethod string
	CourseTitle          string
}

// PaymentAttempt records an attempt to collect an instalment.
type PaymentAttempt struct {
	ID              string
	InstalmentID    string
	Source          string
	Status          string
	AmountCents     int64
	PaymentIntentID string
	FailureCode     string
	CreatedAt       time.Time
}

// Refund is a student refund request.
type Refund struct {
	ID             string
	EnrolmentID    string
	InstalmentID   string
	AmountCents    int64
	Currency       string
	Reason         string
	Status         string
	RequestedBy    string
	StripeRefundID string
	CreatedAt      time.Time
}

// CreditNote documents money owed back to a student.
type CreditNote struct {
	ID          string
	Number      string
	StudentID   string
	RefundID    string
	AmountCents int64
	Currency    string
	Reason      string
	IssuedBy    string
	CreatedAt   time.Time
}

// ExamSession is a session at the partner exam centre.
type ExamSession struct {
	ID              string
	CentreSessionID string
	ExamCode        string
	StartsAt        time.Time
	Venue           string
	Status          string
}

// PlacementBooking is a student's seat at an exam session.
type PlacementBooking struct {
	ID          string
	StudentID   string
	SessionID   string
	CentreRef   string
	Status      string
	OpKey       string
	ConfirmedAt *time.Time
	CreatedAt   time.Time
}

// BookingContact is a booking joined with its student contact details.
type BookingContact struct {
	BookingID string
	StudentID string
	FullName  string
	Email     string
	Phone     string
	CentreRef string
}

// PlacementReschedule is a pending move of a booking to another session.
type PlacementReschedule struct {
	ID           string
	BookingID    string
	NewSessionID string
	Status       string
	CentreRef    string
	CreatedAt    time.Time
}

// PlacementResult is the result published by the exam centre.
type PlacementResult struct {
	BookingID      string
	CentreResultID string
	CEFRLevel      string
	Score          int
	PublishedAt    time.Time
}

// Room is a classroom.
type Room struct {
	ID       string
	Campus   string
	Name     string
	Capacity int
}

// RoomBooking reserves a room for a class slot.
type RoomBooking struct {
	ID        string
	RoomID    string
	StartsAt  time.Time
	EndsAt    time.Time
	ClassID   string
	BookedBy  string
	CreatedAt time.Time
}

// Teacher is paid through the payroll provider.
type Teacher struct {
	ID                string
	FullName          string
	Email             string
	PayrollEmployeeID string
	HourlyRateCents   int64
	Active            bool
}

// PayrollRun is one monthly payroll period.
type PayrollRun struct {
	ID              string
	Period          string
	Status          string
	ProviderBatchID string
	RequestedBy     string
	CreatedAt       time.Time
	SubmittedAt     *time.Time
}

// Payslip is a teacher's pay for a run.
type Payslip struct {
	ID               string
	RunID            string
	TeacherID        string
	Hours            float64
	GrossCents       int64
	AdjustmentCents  int64
	Status           string
	ProviderPayoutID string
	EmailedAt        *time.Time

	TeacherName       string
	TeacherEmail      string
	PayrollEmployeeID string
}

// PayrollAdjustment carries an amount into a later run.
type PayrollAdjustment struct {
	ID              string
	TeacherID       string
	AmountCents     int64
	Reason          string
	SourcePayslipID string
}

// VisaLetter is a request for an enrolment confirmation letter.
type VisaLetter struct {
	ID                string
	EnrolmentID       string
	StudentID         string
	LetterType        string
	Status            string
	DocumentRequestID string
	RejectionReason   string
	CreatedAt         time.Time
}

// VisaDocument is a rendered letter returned by the document service.
type VisaDocument struct {
	DocumentID  string
	LetterID    string
	DownloadURL string
	SHA256      string
	Pages       int
}

// Notification is an outbound SMS or e-mail.
type Notification struct {
	ID          string
	Channel     string
	Template    string
	DedupKey    string
	Recipient   string
	Status      string
	ProviderRef string
	CreatedAt   time.Time
	SentAt      *time.Time
}
