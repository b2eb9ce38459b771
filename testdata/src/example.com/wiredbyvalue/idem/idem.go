// Package idem records the events already handled, on the handle it is
// given.
package idem

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Marker is a handled event.
type Marker struct {
	EventID string `gorm:"primaryKey"`
}

// TableName names the markers' table.
func (Marker) TableName() string { return "byvalue_markers" }

// Claim records the event on db and reports whether this is its first
// delivery.
func Claim(db *gorm.DB, eventID string) (bool, error) {
	res := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Marker{EventID: eventID}) // want `a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(byvalue_markers on a handle that commits each statement, the effect on a transaction; HTTP handler Handler.PaidLoosely\)`
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}
