package store

import "time"

// Registration statuses.
const (
	RegPendingPayment = "pending_payment"
	RegConfirmed      = "confirmed"
	RegCancelling     = "cancelling"
	RegCancelled      = "cancelled"
	RegReleased       = "released"
)

// Payment intent statuses.
const (
	IntentCreated    = "created"
	IntentPending    = "pending"
	IntentAuthorised = "authorised"
	IntentCaptured   = "captured"
	IntentRefused    = "refused"
	IntentError      = "error"
)

// Waitlist statuses.
const (
	WaitWaiting   = "waiting"
	WaitPromoted  = "promoted"
	WaitWithdrawn = "withdrawn"
)

// Background check statuses.
const (
	CheckRequested = "requested"
	CheckSubmitted = "submitted"
	CheckCompleted = "completed"
	CheckExpired   = "expired"
)

// Household is a family account; the primary guardian receives texts.
type Household struct {
	ID           string `gorm:"primaryKey;type:uuid"`
	Email        string
	GuardianName string
	Phone        string
	SMSOptIn     bool `gorm:"column:sms_opt_in"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Child is a player.
type Child struct {
	ID           string `gorm:"primaryKey;type:uuid"`
	HouseholdID  string `gorm:"type:uuid"`
	FirstName    string
	LastName     string
	BirthDate    time.Time `gorm:"type:date"`
	Gender       string
	ShirtSize    string
	MedicalNotes string
	CreatedAt    time.Time
}

// TableName pins the table; gorm would otherwise pluralise to "childs".
func (Child) TableName() string { return "children" }

// Season is one league season.
type Season struct {
	ID                   string `gorm:"primaryKey;type:uuid"`
	Name                 string
	Sport                string
	StartsOn             time.Time `gorm:"type:date"`
	EndsOn               time.Time `gorm:"type:date"`
	Currency             string
	FeeCents             int64
	DepositCents         int64
	Installments         int
	SiblingDiscountPct   int
	CancellationFeeCents int64
	Status               string
	RegistrationOpensAt  *time.Time
	RegistrationClosesAt *time.Time
	CreatedAt            time.Time
}

// Division is an age bracket within a season with a capacity.
type Division struct {
	ID                string `gorm:"primaryKey;type:uuid"`
	SeasonID          string `gorm:"type:uuid"`
	Name              string
	MinBirthYear      int
	MaxBirthYear      int
	Capacity          int
	Filled            int
	RosterPublishedAt *time.Time
	CreatedAt         time.Time
}

// Registration is a child's place in a division for a season.
type Registration struct {
	ID               string `gorm:"primaryKey;type:uuid"`
	SeasonID         string `gorm:"type:uuid"`
	DivisionID       string `gorm:"type:uuid"`
	ChildID          string `gorm:"type:uuid"`
	HouseholdID      string `gorm:"type:uuid"`
	Status           string
	Source           string
	FeeCents         int64
	DiscountCents    int64
	ScholarshipCents int64
	PaidCents        int64
	BalanceCents     int64
	PaymentDueAt     *time.Time
	ConfirmedAt      *time.Time
	CancelledAt      *time.Time
	CancelReason     string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Active reports whether the registration holds a spot.
func (r *Registration) Active() bool {
	return r.Status == RegPendingPayment || r.Status == RegConfirmed
}

// IdempotencyRecord remembers the result of a client request by key.
type IdempotencyRecord struct {
	Scope          string `gorm:"primaryKey"`
	Key            string `gorm:"primaryKey"`
	ResourceID     string
	ResponseStatus int
	CreatedAt      time.Time
}

func (IdempotencyRecord) TableName() string { return "idempotency_keys" }

// PaymentIntent is our record of one charge we intend to make.
type PaymentIntent struct {
	ID               string `gorm:"primaryKey"`
	RegistrationID   string `gorm:"type:uuid"`
	Purpose          string
	InstallmentNo    int
	AmountCents      int64
	Currency         string
	Status           string
	RequestReference string
	PSPReference     *string `gorm:"column:psp_reference"`
	LastError        string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// PaymentAttempt logs one call to the processor.
type PaymentAttempt struct {
	ID               string `gorm:"primaryKey"`
	IntentID         string
	Attempt          int
	RequestReference string
	ResultCode       string
	Error            string
	CreatedAt        time.Time
}

// Refund is a refund we have decided to issue.
type Refund struct {
	ID             string `gorm:"primaryKey"`
	RegistrationID string `gorm:"type:uuid"`
	IntentID       string
	AmountCents    int64
	Status         string
	PSPReference   *string `gorm:"column:psp_reference"`
	Reason         string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// LedgerEntry is an append-only money movement on a registration.
type LedgerEntry struct {
	ID             string `gorm:"primaryKey;type:uuid"`
	HouseholdID    string `gorm:"type:uuid"`
	RegistrationID string `gorm:"type:uuid"`
	EntryType      string
	AmountCents    int64
	PSPReference   *string `gorm:"column:psp_reference"`
	Description    string
	CreatedAt      time.Time
}

// ScholarshipAward reduces the fee for one registration.
type ScholarshipAward struct {
	ID             string `gorm:"primaryKey;type:uuid"`
	RegistrationID string `gorm:"type:uuid"`
	Fund           string
	AmountCents    int64
	ApprovedBy     string
	Note           string
	CreatedAt      time.Time
}

// WaitlistEntry is a child waiting for a spot in a full division.
type WaitlistEntry struct {
	ID                     string `gorm:"primaryKey"`
	SeasonID               string `gorm:"type:uuid"`
	DivisionID             string `gorm:"type:uuid"`
	ChildID                string `gorm:"type:uuid"`
	HouseholdID            string `gorm:"type:uuid"`
	Status                 string
	JoinedAt               time.Time
	PromotedAt             *time.Time
	PromotedRegistrationID *string `gorm:"type:uuid"`
	UpdatedAt              time.Time
}

// Coach is a volunteer coach.
type Coach struct {
	ID             string `gorm:"primaryKey;type:uuid"`
	Email          string
	FirstName      string
	LastName       string
	Phone          string
	ClearedThrough *time.Time `gorm:"type:date"`
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Team is a team in a division.
type Team struct {
	ID         string `gorm:"primaryKey;type:uuid"`
	DivisionID string `gorm:"type:uuid"`
	Name       string
	Color      string
	CoachID    *string `gorm:"type:uuid"`
	CreatedAt  time.Time
}

// TeamAssignment places a registered player on a team.
type TeamAssignment struct {
	ID             string `gorm:"primaryKey;type:uuid"`
	TeamID         string `gorm:"type:uuid"`
	DivisionID     string `gorm:"type:uuid"`
	RegistrationID string `gorm:"type:uuid"`
	JerseyNumber   *int
	AssignedBy     string
	CreatedAt      time.Time
}

// BackgroundCheck tracks a screening order for a coach.
type BackgroundCheck struct {
	ID            string `gorm:"primaryKey"`
	CoachID       string `gorm:"type:uuid"`
	SeasonID      string `gorm:"type:uuid"`
	Kind          string
	Status        string
	VendorOrderID *string
	InviteURL     string
	Result        string
	RequestedAt   time.Time
	SubmittedAt   *time.Time
	CompletedAt   *time.Time
	ExpiresAt     *time.Time
}

// VendorCallAttempt logs one outbound vendor call.
type VendorCallAttempt struct {
	ID         string `gorm:"primaryKey"`
	Vendor     string
	Operation  string
	SubjectID  string
	Attempt    int
	StatusCode int
	Error      string
	CreatedAt  time.Time
}

// WebhookEvent records a processed inbound webhook delivery.
type WebhookEvent struct {
	Provider   string `gorm:"primaryKey"`
	EventID    string `gorm:"primaryKey"`
	ReceivedAt time.Time
}

// SMSOutbox is a text we intend to send.
type SMSOutbox struct {
	ID                string `gorm:"primaryKey"`
	DedupKey          string
	RegistrationID    *string `gorm:"type:uuid"`
	ToPhone           string
	Template          string
	Body              string
	Status            string
	ProviderMessageID *string
	Attempts          int
	LastError         string
	CreatedAt         time.Time
	SentAt            *time.Time
	UpdatedAt         time.Time
}

func (SMSOutbox) TableName() string { return "sms_outbox" }

// SMSStatusEvent is one delivery receipt.
type SMSStatusEvent struct {
	ProviderMessageID string `gorm:"primaryKey"`
	Status            string `gorm:"primaryKey"`
	ErrorCode         string
	OccurredAt        time.Time
	ReceivedAt        time.Time
}

func (SMSStatusEvent) TableName() string { return "sms_status_events" }

// ReminderLog records one reminder text sent from a blast.
type ReminderLog struct {
	ID                string `gorm:"primaryKey"`
	TaskID            string
	SeasonID          string `gorm:"type:uuid"`
	RegistrationID    string `gorm:"type:uuid"`
	ToPhone           string
	ProviderMessageID string
	SentAt            time.Time
}

func (ReminderLog) TableName() string { return "reminder_log" }

// RosterContact is a row of the roster announcement query.
type RosterContact struct {
	RegistrationID string
	ChildFirstName string
	TeamName       string
	DivisionName   string
	CoachName      string
	GuardianPhone  string
	SMSOptIn       bool
}
