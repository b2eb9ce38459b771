// Package xmodelrepo stores the models its callers build.
package xmodelrepo

import (
	"context"

	"gorm.io/gorm"
)

// WaitlistRow is a member's place on a class's waitlist, one per member
// and class.
type WaitlistRow struct {
	ID       string
	MemberID string
	Class    string
}

// NoteRow is a note on a member.
type NoteRow struct {
	ID       string
	MemberID string
	Body     string
}

// Repo stores rows.
type Repo struct{ DB *gorm.DB }

// InsertWaitlist stores a waitlist entry.
func (r *Repo) InsertWaitlist(ctx context.Context, row *WaitlistRow) error {
	return r.DB.WithContext(ctx).Create(row).Error
}

// InsertNote stores a note.
func (r *Repo) InsertNote(ctx context.Context, row *NoteRow) error {
	return r.DB.WithContext(ctx).Create(row).Error
}
