// Package models holds the gorm models shared by the service packages.
package models

import "time"

// Tax status values on Artist.
const (
	TaxStatusMissing   = "missing"
	TaxStatusRequested = "requested"
	TaxStatusVerified  = "verified"
)

// Artist is a payee on the platform.
type Artist struct {
	ID                    string `gorm:"primaryKey;type:uuid"`
	Name                  string
	Email                 string
	Country               string
	PayrailRecipientID    *string
	TaxStatus             string
	PayoutThresholdMicros int64
	CreatedAt             time.Time
	UpdatedAt             time.Time
}

func (Artist) TableName() string { return "artists" }

// Store is a streaming or download store that sends usage reports.
type Store struct {
	ID           string `gorm:"primaryKey"`
	Name         string
	APITokenHash string
	FeeBps       int
	Active       bool
}

func (Store) TableName() string { return "stores" }

// Release is a product (album, single) delivered to stores.
type Release struct {
	ID         string `gorm:"primaryKey;type:uuid"`
	ArtistID   string
	UPC        string `gorm:"column:upc"`
	Title      string
	ReleasedOn *time.Time
	CreatedAt  time.Time
}

func (Release) TableName() string { return "releases" }

// Track belongs to a release and is what stores report usage against.
type Track struct {
	ID        string `gorm:"primaryKey;type:uuid"`
	ReleaseID string
	ISRC      string `gorm:"column:isrc"`
	Title     string
}

func (Track) TableName() string { return "tracks" }

// ReleaseSplit is one collaborator's share of a release.
type ReleaseSplit struct {
	ReleaseID string `gorm:"primaryKey;type:uuid"`
	ArtistID  string `gorm:"primaryKey;type:uuid"`
	Role      string
	ShareBps  int
	UpdatedAt time.Time
}

func (ReleaseSplit) TableName() string { return "release_splits" }
