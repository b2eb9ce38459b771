package grpcapi

import "time"

// PlaceHoldRequest freezes funds. HoldID is the risk engine's id.
type PlaceHoldRequest struct {
	HoldID string `json:"hold_id"`
	UserID string `json:"user_id"`
	Asset  string `json:"asset"`
	Amount int64  `json:"amount"`
	Reason string `json:"reason"`
}

// ReleaseHoldRequest unfreezes funds.
type ReleaseHoldRequest struct {
	HoldID string `json:"hold_id"`
}

// HoldReply describes a hold.
type HoldReply struct {
	HoldID     string     `json:"hold_id"`
	AccountID  string     `json:"account_id"`
	Amount     int64      `json:"amount"`
	ReleasedAt *time.Time `json:"released_at,omitempty"`
}

// DecideWithdrawalRequest carries the risk verdict for a withdrawal.
type DecideWithdrawalRequest struct {
	WithdrawalID string  `json:"withdrawal_id"`
	Verdict      string  `json:"verdict"`
	Score        float64 `json:"score"`
	Reason       string  `json:"reason"`
}

// WithdrawalReply reports the withdrawal state after a decision.
type WithdrawalReply struct {
	WithdrawalID string `json:"withdrawal_id"`
	Status       string `json:"status"`
}

// FlagDepositRequest opens a review on a deposit.
type FlagDepositRequest struct {
	DepositID string  `json:"deposit_id"`
	Reason    string  `json:"reason"`
	Score     float64 `json:"score"`
}

// FlagDepositReply returns the opened case.
type FlagDepositReply struct {
	CaseID string `json:"case_id"`
}

// SetWithdrawalLimitRequest sets a daily limit.
type SetWithdrawalLimitRequest struct {
	UserID     string `json:"user_id"`
	Asset      string `json:"asset"`
	DailyLimit int64  `json:"daily_limit"`
	SetBy      string `json:"set_by"`
}

// LimitReply echoes the stored limit.
type LimitReply struct {
	UserID     string `json:"user_id"`
	Asset      string `json:"asset"`
	DailyLimit int64  `json:"daily_limit"`
}
