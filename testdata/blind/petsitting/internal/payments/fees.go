package payments

// FeeSchedule is the platform's cut, in basis points of the booking price.
type FeeSchedule struct {
	PlatformBps int64
}

// SitterShare is what the sitter earns from a gross amount.
func (f FeeSchedule) SitterShare(gross int64) int64 {
	return gross - gross*f.PlatformBps/10000
}
