package model

import "github.com/shopspring/decimal"

// MeteredVolume is the metered energy of one balancing unit in one period.
type MeteredVolume struct {
	BMUnitID         string          `gorm:"column:bm_unit_id"`
	SettlementPeriod int             `gorm:"column:settlement_period"`
	MWh              decimal.Decimal `gorm:"column:mwh"`
}

// DailyVolumes is the supplier's metered and contracted energy for a day.
type DailyVolumes struct {
	MeteredMWh    float64 `gorm:"column:metered_mwh"`
	ContractedMWh float64 `gorm:"column:contracted_mwh"`
	MPANCount     int64   `gorm:"column:mpan_count"`
	TradeCount    int64   `gorm:"column:trade_count"`
}

// ImbalanceTotals summarises the charges of one settlement run.
type ImbalanceTotals struct {
	RunID        string `gorm:"column:run_id"`
	RunType      string `gorm:"column:run_type"`
	Periods      int    `gorm:"column:periods"`
	TotalPence   int64  `gorm:"column:total_pence"`
	ShortPeriods int    `gorm:"column:short_periods"`
	LongPeriods  int    `gorm:"column:long_periods"`
}
