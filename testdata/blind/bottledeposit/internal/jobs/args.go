// Package jobs holds the river job arguments and workers run by cmd/worker.
package jobs

import "time"

// MonthlySettlementArgs starts the settlement run for the previous month.
type MonthlySettlementArgs struct{}

func (MonthlySettlementArgs) Kind() string { return "monthly_settlement" }

// SettleShopArgs settles one shop for one month ("2006-01").
type SettleShopArgs struct {
	ShopID string `json:"shop_id"`
	Period string `json:"period"`
}

func (SettleShopArgs) Kind() string { return "settle_shop" }

// RecyclerReportArgs sends the monthly material reports. An empty Period
// means the previous month.
type RecyclerReportArgs struct {
	Period string `json:"period,omitempty"`
}

func (RecyclerReportArgs) Kind() string { return "recycler_report" }

// PickupScanArgs looks for kiosks whose stock needs a truck.
type PickupScanArgs struct{}

func (PickupScanArgs) Kind() string { return "pickup_scan" }

// RecyclerPickupArgs books a pickup for one kiosk.
type RecyclerPickupArgs struct {
	RecyclerID string    `json:"recycler_id"`
	KioskID    string    `json:"kiosk_id"`
	Earliest   time.Time `json:"earliest"`
}

func (RecyclerPickupArgs) Kind() string { return "recycler_pickup" }

// PayoutReconcileArgs republishes stuck payouts and polls providers.
type PayoutReconcileArgs struct{}

func (PayoutReconcileArgs) Kind() string { return "payout_reconcile" }

// VoucherExpiryArgs expires old unredeemed vouchers.
type VoucherExpiryArgs struct{}

func (VoucherExpiryArgs) Kind() string { return "voucher_expiry" }
