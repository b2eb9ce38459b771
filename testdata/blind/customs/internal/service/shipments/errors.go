package shipments

import "github.com/harborline/brokerage/internal/platform/db"

func isUnique(err error) bool { return db.IsUniqueViolation(err) }
