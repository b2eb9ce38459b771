package store // want package:`^fieldtypes\(summary/store\.Queries\.db=summary/store\.New#0 summary/store\.Task\.Payload=\|\?\)$` package:`^generators\(summary/store\.NewID\)$`

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

// Archives writes archive rows.
type Archives struct{ DB *sql.DB }

// Add makes the row's ID in a closure it runs: its summary keeps the
// fixes that derive the ID from a parameter, whichever other functions
// of the package reach the closure too.
func (a *Archives) Add(ctx context.Context, ref string) error { // want Add:`^summary\(defects=\[fresh uuid\.NewString->archives\.id keyfixes=p1,p2\] writes=.*`
	insert := func() error {
		_, err := a.DB.ExecContext(ctx, "INSERT INTO archives (id, ref) VALUES ($1, $2)", uuid.NewString(), ref)
		return err
	}
	return insert()
}

// AddNoted, AddLabelled and AddAll reach the closure through Add: the
// fixes name Add's parameters, not theirs, but for the context that
// each hands down to Add once.
func (a *Archives) AddNoted(ctx context.Context, ref, note string) error { // want AddNoted:`^summary\(defects=\[fresh uuid\.NewString->archives\.id keyfixes=p1\] writes=.*`
	return a.Add(ctx, ref+note)
}

func (a *Archives) AddLabelled(ctx context.Context, label string) error { // want AddLabelled:`^summary\(defects=\[fresh uuid\.NewString->archives\.id keyfixes=p1\] writes=.*`
	return a.Add(ctx, "label:"+label)
}

func (a *Archives) AddAll(ctx context.Context, refs []string) error { // want AddAll:`^summary\(defects=\[fresh uuid\.NewString->archives\.id\] stmts=.*`
	for _, r := range refs {
		if err := a.Add(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

// Shelf is stored in the table its TableName names.
type Shelf struct{ ID string } // want Shelf:`^table\(archive_shelves\)$`

func (Shelf) TableName() string { return "archive_shelves" }
