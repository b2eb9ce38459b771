package model

import (
	"time"

	"github.com/uptrace/bun"
)

const (
	ScanAdmitted = "admitted"
	ScanDenied   = "denied"

	EntryRideDay    = "ride_day"
	EntryRedemption = "redemption"
	EntryAdjustment = "adjustment"
)

type Gate struct {
	bun.BaseModel `bun:"table:gates,alias:g"`

	ID              string     `bun:"id,pk"`
	LiftID          string     `bun:"lift_id,notnull"`
	Status          string     `bun:"status,notnull"`
	Firmware        string     `bun:"firmware,notnull"`
	BufferedScans   int        `bun:"buffered_scans,notnull"`
	LastHeartbeatAt *time.Time `bun:"last_heartbeat_at"`
}

type LiftClosure struct {
	bun.BaseModel `bun:"table:lift_closures,alias:lc"`

	ID          int64     `bun:"id,pk,autoincrement"`
	LiftID      string    `bun:"lift_id,notnull"`
	ClosureDate time.Time `bun:"closure_date,type:date"`
	Reason      string    `bun:"reason,notnull"`
	RefundPct   int       `bun:"refund_pct,notnull"`
	DeclaredBy  string    `bun:"declared_by,notnull"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type RideScan struct {
	bun.BaseModel `bun:"table:ride_scans,alias:rs"`

	ScanID    string    `bun:"scan_id,pk"`
	GateID    string    `bun:"gate_id,notnull"`
	PassID    *string   `bun:"pass_id,type:uuid"`
	CardUID   string    `bun:"card_uid,notnull"`
	Decision  string    `bun:"decision,notnull"`
	ScannedAt time.Time `bun:"scanned_at,notnull"`
	CreatedAt time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type RideDay struct {
	bun.BaseModel `bun:"table:ride_days,alias:rd"`

	PassID         string    `bun:"pass_id,pk,type:uuid"`
	AccountID      string    `bun:"account_id,type:uuid"`
	RideDate       time.Time `bun:"ride_date,pk,type:date"`
	Rides          int       `bun:"rides,notnull"`
	FirstScanAt    time.Time `bun:"first_scan_at,notnull"`
	LoyaltyGranted bool      `bun:"loyalty_granted,notnull"`
}

type LoyaltyEntry struct {
	bun.BaseModel `bun:"table:loyalty_ledger,alias:ll"`

	ID        int64      `bun:"id,pk,autoincrement"`
	AccountID string     `bun:"account_id,type:uuid"`
	EntryType string     `bun:"entry_type,notnull"`
	RideDate  *time.Time `bun:"ride_date,type:date"`
	Points    int        `bun:"points,notnull"`
	Ref       string     `bun:"ref,notnull"`
	CreatedAt time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type LoyaltyRedemption struct {
	bun.BaseModel `bun:"table:loyalty_redemptions,alias:lr"`

	ID          string    `bun:"id,pk,type:uuid"`
	AccountID   string    `bun:"account_id,type:uuid"`
	RewardCode  string    `bun:"reward_code,notnull"`
	Points      int       `bun:"points,notnull"`
	VoucherCode string    `bun:"voucher_code,notnull"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}
