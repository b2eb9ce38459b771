package domain

import "time"

type CampaignStatus string

const (
	CampaignDraft     CampaignStatus = "draft"
	CampaignLive      CampaignStatus = "live"
	CampaignSucceeded CampaignStatus = "succeeded"
	CampaignFailed    CampaignStatus = "failed"
	CampaignCancelled CampaignStatus = "cancelled"
)

type Campaign struct {
	ID             string
	CreatorID      string
	Title          string
	Blurb          string
	Currency       string
	GoalCents      int64
	PledgedCents   int64
	CollectedCents int64
	Status         CampaignStatus
	Deadline       time.Time
	LaunchedAt     *time.Time
	ClosedAt       *time.Time
	BeneficiaryRef string
	PayoutLast4    string
	CreatedAt      time.Time
}

// Funded reports whether the pledged total has reached the goal.
func (c Campaign) Funded() bool { return c.PledgedCents >= c.GoalCents }

func (c Campaign) IsLive() bool { return c.Status == CampaignLive }

// Outcome is the terminal status a live campaign moves to at its deadline.
func (c Campaign) Outcome() CampaignStatus {
	if c.Funded() {
		return CampaignSucceeded
	}
	return CampaignFailed
}

type RewardTier struct {
	ID           string
	CampaignID   string
	Slug         string
	Title        string
	Description  string
	MinCents     int64
	Limit        int32
	Claimed      int32
	ShipsAt      *time.Time
	RequiresShip bool
}

func (t RewardTier) Remaining() int32 {
	if t.Limit <= 0 {
		return -1
	}
	return t.Limit - t.Claimed
}

type StretchGoal struct {
	ID             string
	CampaignID     string
	ThresholdCents int64
	Title          string
	Description    string
	UnlockedAt     *time.Time
}

type CampaignUpdate struct {
	ID         string
	CampaignID string
	AuthorID   string
	Title      string
	Body       string
	Recipients int
	CreatedAt  time.Time
}
