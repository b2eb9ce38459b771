package catalog

import (
	"go/types"
	"reflect"
	"regexp"
	"slices"
	"strings"
)

// ORMs, as data: the handle, the methods that run SQL text, insert a
// model or update rows, the methods that refine a handle, the clause a
// fix adds for conflict handling, and how the ORM names tables and
// columns.

// An ORM is an object-relational mapper. Method names are of the handle
// type DB.
type ORM struct {
	Path string
	DB   string // FuncKey receiver of the handle: "(*pkg.DB)"
	Exec []Executors
	// Create insert the model (or slice of models) at the argument, by
	// method name; Upserts among them absorb a duplicate themselves, and
	// Overwrites among those write the model over the row it finds.
	Create     map[string]int
	Upserts    []string
	Overwrites []string
	// Update update rows from the arguments starting at the index.
	Update map[string]int
	// Reads read rows into their argument.
	Reads []string
	// Chain return the handle they are called on, refined: following
	// them back finds the handle a statement runs on.
	Chain []string
	// Begin begins a transaction on the handle, returning it; Clauses
	// refines a statement with clauses (ON CONFLICT among them).
	Begin, Clauses string
	// ErrDuplicate is the error variable the ORM translates a unique
	// violation to.
	ErrDuplicate string
	// Transaction runs a callback in a transaction on the handle it
	// passes the callback, which it commits when the callback returns nil.
	Transaction string
	// Delete deletes the model at its first argument (or the rows its
	// conditions select); Model names, on a chain, the model whose table
	// the statement writes; Expr is the package's function that makes an
	// SQL expression of a column's new value (gorm.Expr("n - ?", 1)).
	Delete, Model, Expr string
	// Wrap is how a fix runs statements of the handle in one transaction.
	Wrap *TxWrap
	// Conflict is the clause a fix adds to a Create so that it does
	// nothing on a conflict: ClausePath is its package, Clause the
	// expression after the package's name.
	ClausePath, Clause string
	// CreateHooks are the methods of a model's type that the ORM calls
	// on the model, given its handle, before it inserts it: a hook that
	// fills the model's ID (if t.ID == uuid.Nil { t.ID = uuid.New() })
	// makes it where the model is written.
	CreateHooks []string
}

var orms = []ORM{{
	Path: "gorm.io/gorm",
	DB:   "(*gorm.io/gorm.DB)",
	Exec: []Executors{{Recv: []string{"(*gorm.io/gorm.DB)"}, Methods: []Exec{{"Exec", 0, 1, false}, {"Raw", 0, 1, false}}}},
	Create: map[string]int{
		"Create": 0, "CreateInBatches": 0, "Save": 0, "FirstOrCreate": 0,
	},
	Upserts:    []string{"Save", "FirstOrCreate"},
	Overwrites: []string{"Save"},
	Update: map[string]int{
		"Updates": 0, "Update": 1, "UpdateColumn": 1, "UpdateColumns": 0,
	},
	Reads:        []string{"First", "Take", "Last", "Find", "Scan", "Count", "Pluck", "Row", "Rows"},
	Chain:        []string{"WithContext", "Model", "Table", "Where", "Session", "Debug", "Clauses", "Omit", "Select"},
	Begin:        "Begin",
	Clauses:      "Clauses",
	Transaction:  "Transaction",
	Delete:       "Delete",
	Model:        "Model",
	Expr:         "Expr",
	Wrap:         &TxWrap{Begin: "%[1]s.Begin()", Commit: "tx.Commit().Error", Rollback: "tx.Rollback()", Method: "Begin", Single: true},
	ErrDuplicate: "ErrDuplicatedKey",
	ClausePath:   "gorm.io/gorm/clause",
	Clause:       "OnConflict{DoNothing: true}",
	CreateHooks:  []string{"BeforeSave", "BeforeCreate"},
}}

// A QueryBuilder is an ORM whose statements are built by a chain of
// calls that starts at a handle's method (Start, by the kind of statement
// it begins) and ends in Exec, which runs it: bun's
// db.NewInsert().Model(&o).On("CONFLICT (id) DO NOTHING").Exec(ctx).
// Model names the model whose table the statement writes, Set adds a SET
// clause's text, and Conflict makes an INSERT absorb a duplicate (On's
// text must say CONFLICT or DUPLICATE). Raw begins a statement whose
// SQL text and arguments it is given (bun's db.NewRaw(query, args...)),
// run by the same Exec. TableTag is the struct tag, and its option, that
// names a model's table.
type QueryBuilder struct {
	Path  string
	Start map[string]string
	// Exec runs the statement; so does Scan, which reads the rows it
	// returns into the model (an UPDATE ... RETURNING's).
	Exec, Scan     string
	Model, Set, On string
	// Where adds a condition (Where("status = ?", s)), joined with AND.
	Where string
	// Returning names the columns the statement returns, which its
	// Scan reads into the model (Returning("*")).
	Returning string
	Ignore    string
	Raw       string
	TableTag  string
	// InsertModel is the FuncKey of the method that names the model an
	// INSERT stores: its fields are the row's (an identity sink).
	InsertModel string
}

var queryBuilders = []QueryBuilder{{
	Path:      "github.com/uptrace/bun",
	Start:     map[string]string{"NewInsert": "INSERT", "NewUpdate": "UPDATE", "NewDelete": "DELETE"},
	Exec:      "Exec",
	Scan:      "Scan",
	Model:     "Model",
	Set:       "Set",
	Where:     "Where",
	On:        "On",
	Returning: "Returning",
	Ignore:    "Ignore",
	Raw:       "NewRaw",
	TableTag:  "bun",

	InsertModel: "(*github.com/uptrace/bun.InsertQuery).Model",
}}

// A TextBuilder is a library that builds SQL text and its arguments for
// a driver's executor to run: squirrel's
// sq.Insert("orders").Columns("id", "total").Values(id, total).ToSql().
// Render are the methods that return the text and the arguments; Start
// the functions and methods that begin a statement, by its keyword, with
// the table as their first argument; Table the methods that name it
// later. Columns, Values, Set, Suffix, Options and Where add those parts
// of the text; Expr is the function whose text is a raw expression (a
// SET's "balance - ?"), Eq the map type of a condition of equalities.
// RunWith gives the chain the handle that its
// Run methods, of the Statements types, execute it on
// (sq.Insert("orders").Columns("id").Values(id).RunWith(db).ExecContext(ctx)).
type TextBuilder struct {
	Path                                         string
	Render                                       []string
	Start                                        map[string]string
	Table                                        []string
	Columns, Values, Set, Suffix, Options, Where string
	Expr                                         string
	Eq                                           string
	RunWith                                      string
	Statements, Run                              []string
}

var textBuilders = []TextBuilder{{
	Path:    "github.com/Masterminds/squirrel",
	Render:  []string{"ToSql", "MustSql"},
	Start:   map[string]string{"Insert": "INSERT", "Replace": "REPLACE", "Update": "UPDATE", "Delete": "DELETE"},
	Table:   []string{"Into", "Table", "From"},
	Columns: "Columns", Values: "Values", Set: "Set", Suffix: "Suffix", Options: "Options", Where: "Where",
	Expr:       "github.com/Masterminds/squirrel.Expr",
	Eq:         "github.com/Masterminds/squirrel.Eq",
	RunWith:    "RunWith",
	Statements: []string{"InsertBuilder", "UpdateBuilder", "DeleteBuilder"},
	Run:        []string{"Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext"},
}}

// TextBuilderOf returns the text builder fn belongs to.
func TextBuilderOf(fn *types.Func) (*TextBuilder, bool) {
	if fn.Pkg() == nil {
		return nil, false
	}
	for i := range textBuilders {
		if textBuilders[i].Path == fn.Pkg().Path() {
			return &textBuilders[i], true
		}
	}
	return nil, false
}

// IsBuilderOn reports whether fn is a query builder's method whose text
// is a conflict clause (bun's On("CONFLICT (key) DO NOTHING")).
func IsBuilderOn(fn *types.Func) bool {
	return isBuilderMethod(fn, func(b *QueryBuilder) string { return b.On })
}

// IsBuilderReturning reports whether fn is a query builder's method
// whose text names the columns the statement returns into its model
// (bun's Returning("*")).
func IsBuilderReturning(fn *types.Func) bool {
	return isBuilderMethod(fn, func(b *QueryBuilder) string { return b.Returning })
}

// isBuilderMethod reports whether fn is the method of a query builder
// that name picks from its row.
func isBuilderMethod(fn *types.Func, name func(*QueryBuilder) string) bool {
	for i := range queryBuilders {
		if b := &queryBuilders[i]; b.Of(fn) && fn.Name() == name(b) {
			return true
		}
	}
	return false
}

// documentInserts are the document stores' inserts, by FuncKey, with the
// argument that is the document (or the slice of them): its _id field is
// its identity.
var documentInserts = map[string]int{
	"(*go.mongodb.org/mongo-driver/mongo.Collection).InsertOne":     1,
	"(*go.mongodb.org/mongo-driver/mongo.Collection).InsertMany":    1,
	"(*go.mongodb.org/mongo-driver/v2/mongo.Collection).InsertOne":  1,
	"(*go.mongodb.org/mongo-driver/v2/mongo.Collection).InsertMany": 1,
}

// InsertModel reports whether fn names the model a query builder's
// INSERT stores, or inserts a document, and at which argument.
func InsertModel(fn *types.Func) (int, bool) {
	var buf [128]byte
	key := appendFuncKey(buf[:0], fn)
	for _, b := range queryBuilders {
		if b.InsertModel != "" && string(key) == b.InsertModel {
			return 0, true
		}
	}
	i, ok := documentInserts[string(key)]
	return i, ok
}

// QueryBuilderOf returns the builder whose Exec or Scan method fn is.
func QueryBuilderOf(fn *types.Func) (*QueryBuilder, bool) {
	sig := fn.Type().(*types.Signature)
	if fn.Pkg() == nil || sig.Recv() == nil {
		return nil, false
	}
	for i := range queryBuilders {
		if b := &queryBuilders[i]; fn.Pkg().Path() == b.Path && (fn.Name() == b.Exec || fn.Name() == b.Scan) {
			return b, true
		}
	}
	return nil, false
}

// BuilderMethod reports whether fn is a method of a query builder's
// package, and whether it is one that begins a statement on a handle.
func BuilderMethod(fn *types.Func) (start, ok bool) {
	for i := range queryBuilders {
		if b := &queryBuilders[i]; b.Of(fn) {
			return b.Start[fn.Name()] != "" || fn.Name() == b.Raw, true
		}
	}
	return false, false
}

// ConflictCall is the call of the builder's chain that makes an INSERT
// absorb a duplicate of its key in dialect ("postgres", "mysql",
// "sqlite"): On("CONFLICT DO NOTHING"), or Ignore() on MySQL (INSERT
// IGNORE); "" for an unknown dialect.
func (b *QueryBuilder) ConflictCall(dialect string) string {
	switch dialect {
	case "postgres", "sqlite":
		return b.On + `("CONFLICT DO NOTHING")`
	case "mysql":
		return b.Ignore + "()"
	}
	return ""
}

// QueryBuilderAt returns the query builder of package path.
func QueryBuilderAt(path string) (*QueryBuilder, bool) {
	for i := range queryBuilders {
		if queryBuilders[i].Path == path {
			return &queryBuilders[i], true
		}
	}
	return nil, false
}

// Of reports whether fn is a method of the builder's package.
func (b *QueryBuilder) Of(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == b.Path && fn.Type().(*types.Signature).Recv() != nil
}

// modelCalls and modelUpdates are the ORMs' Create and Update methods,
// by FuncKey.
var modelCalls, modelUpdates = ormMethods(func(o ORM) map[string]int { return o.Create }),
	ormMethods(func(o ORM) map[string]int { return o.Update })

func ormMethods(of func(ORM) map[string]int) map[string]int {
	out := map[string]int{}
	for _, o := range orms {
		for m, i := range of(o) {
			out[o.DB+"."+m] = i
		}
	}
	return out
}

// IsORMChain reports whether a method named name returns the ORM handle
// it is called on, refined: callers check the receiver.
func IsORMChain(name string) bool {
	for _, o := range orms {
		if slices.Contains(o.Chain, name) {
			return true
		}
	}
	return false
}

// IsORMPackage reports whether path is the package of an ORM or a query
// builder: only its functions are model writes, which saves the lookups
// by full name for every other call.
func IsORMPackage(path string) bool {
	return slices.ContainsFunc(orms, func(o ORM) bool { return o.Path == path }) ||
		slices.ContainsFunc(queryBuilders, func(b QueryBuilder) bool { return b.Path == path })
}

// IsORMOverwrite reports whether fn is an ORM's Create method that
// writes the model over the row it finds (gorm's Save): what the code
// computed from an earlier read, written again on a retry.
func IsORMOverwrite(fn *types.Func) bool {
	return slices.ContainsFunc(orms, func(o ORM) bool {
		return slices.ContainsFunc(o.Overwrites, func(m string) bool { return FuncKey(fn) == o.DB+"."+m })
	})
}

// IsORMUpsert reports whether fn is an ORM's Create method that absorbs
// a duplicate itself (gorm's Save updates the row, FirstOrCreate reads
// it).
func IsORMUpsert(fn *types.Func) bool {
	return slices.ContainsFunc(orms, func(o ORM) bool {
		return slices.ContainsFunc(o.Upserts, func(m string) bool { return FuncKey(fn) == o.DB+"."+m })
	})
}

// CreateHooks returns the names of the hooks an ORM calls on a model
// before it inserts it.
func CreateHooks() []string {
	var out []string
	for _, o := range orms {
		out = append(out, o.CreateHooks...)
	}
	return out
}

// IsCreateHook reports whether m, a method of a model's type, is a hook
// its ORM calls before it inserts the model: named as one, and given
// the ORM's handle (func (a *Appointment) BeforeCreate(tx *gorm.DB)
// error).
func IsCreateHook(m *types.Func) bool {
	params := m.Signature().Params()
	return m.Signature().Recv() != nil && params.Len() == 1 && slices.ContainsFunc(orms, func(o ORM) bool {
		return slices.Contains(o.CreateHooks, m.Name()) && o.DB == "("+TypeKey(params.At(0).Type())+")"
	})
}

// IsORMRead reports whether fn is an ORM's method that reads rows
// (gorm's First, Take, Find). It is asked of every call a summary
// reads, so another package's function is told apart by its path.
func IsORMRead(fn *types.Func) bool {
	return fn.Pkg() != nil && IsORMPackage(fn.Pkg().Path()) && modelReads[FuncKey(fn)]
}

// IsORMRowRead reports whether fn reads one row of a model's table into
// the value it is given first (gorm's First, Take, Last).
func IsORMRowRead(fn *types.Func) bool {
	return IsORMRead(fn) && slices.Contains([]string{"First", "Take", "Last"}, fn.Name())
}

// IsORMCount reports whether fn counts the rows of the model its chain
// names (gorm's Model(&Inbox{}).Where(...).Count(&n)).
func IsORMCount(fn *types.Func) bool {
	return IsORMRead(fn) && fn.Name() == "Count"
}

// modelReads are the ORMs' read methods, by FuncKey.
var modelReads = func() map[string]bool {
	out := map[string]bool{}
	for _, o := range orms {
		for _, m := range o.Reads {
			out[o.DB+"."+m] = true
		}
	}
	return out
}()

// IsORMHandle reports whether t is an ORM's handle (*gorm.DB).
func IsORMHandle(t types.Type) bool {
	key := "(" + TypeKey(t) + ")"
	return slices.ContainsFunc(orms, func(o ORM) bool { return o.DB == key })
}

// IsORMModel reports whether a method named name of an ORM's handle
// names the model of the statement: callers check the receiver.
func IsORMModel(name string) bool {
	return slices.ContainsFunc(orms, func(o ORM) bool { return o.Model == name })
}

// IsORMDelete reports whether fn is an ORM's method that deletes rows.
func IsORMDelete(fn *types.Func) bool {
	return slices.ContainsFunc(orms, func(o ORM) bool { return o.Delete != "" && FuncKey(fn) == o.DB+"."+o.Delete })
}

// IsORMExpr reports whether fn is an ORM's function that makes an SQL
// expression (gorm.Expr).
func IsORMExpr(fn *types.Func) bool {
	return slices.ContainsFunc(orms, func(o ORM) bool {
		return o.Expr != "" && fn.Pkg() != nil && fn.Pkg().Path() == o.Path && fn.Name() == o.Expr && fn.Type().(*types.Signature).Recv() == nil
	})
}

// IsORMBegin reports whether a method named name of an ORM's handle
// begins a transaction: callers check the receiver.
func IsORMBegin(name string) bool {
	return slices.ContainsFunc(orms, func(o ORM) bool { return o.Begin == name })
}

// IsORMClauses reports whether a method named name of an ORM's handle adds
// clauses to the statement: callers check the receiver.
func IsORMClauses(name string) bool {
	return slices.ContainsFunc(orms, func(o ORM) bool { return o.Clauses == name })
}

// IsDuplicateKeyErr reports whether a package variable named name is an
// ORM's error for a unique violation (gorm.ErrDuplicatedKey).
func IsDuplicateKeyErr(name string) bool {
	return slices.ContainsFunc(orms, func(o ORM) bool { return o.ErrDuplicate == name })
}

// IsORMTransaction reports whether fn is an ORM's method that runs a
// callback (its first argument) in a transaction (gorm's db.Transaction).
func IsORMTransaction(fn *types.Func) bool {
	for _, o := range orms {
		if o.Transaction != "" && FuncKey(fn) == o.DB+"."+o.Transaction {
			return true
		}
	}
	return false
}

// ConflictClause returns the package and the expression of the clause
// that makes the Create method fn do nothing on a conflict.
func ConflictClause(fn *types.Func) (path, expr string, ok bool) {
	for _, o := range orms {
		if fn.Pkg() != nil && fn.Pkg().Path() == o.Path {
			return o.ClausePath, o.Clause, o.ClausePath != ""
		}
	}
	return "", "", false
}

// IsGormPrimaryKey reports whether a model field is gorm's primary key: a
// field named ID, or one tagged primaryKey (or primary_key), given the
// value of its gorm tag.
func IsGormPrimaryKey(field, gormTag string) bool {
	gormTag = strings.ToLower(gormTag)
	return field == "ID" || strings.Contains(gormTag, "primarykey") || strings.Contains(gormTag, "primary_key")
}

// GormTable is the table gorm's default NamingStrategy gives a model type
// named name: its column name, pluralised (HTTPRequest: http_requests).
func GormTable(name string) string { return plural(GormColumn(name)) }

// gormInitialisms are the initialisms gorm's naming keeps together
// (schema/naming.go's commonInitialisms).
var gormInitialisms = []string{"API", "ASCII", "CPU", "CSS", "DNS", "EOF", "GUID", "HTML", "HTTP", "HTTPS", "ID", "IP",
	"JSON", "LHS", "QPS", "RAM", "RHS", "RPC", "SLA", "SMTP", "SSH", "TLS", "TTL", "UID", "UI", "UUID", "URI", "URL",
	"UTF8", "VM", "XML", "XSRF", "XSS"}

// gormInitialismReplacer writes each initialism title-cased (HTTP: Http),
// so that it reads as one word.
var gormInitialismReplacer = func() *strings.Replacer {
	var pairs []string
	for _, w := range gormInitialisms {
		pairs = append(pairs, w, w[:1]+strings.ToLower(w[1:]))
	}
	return strings.NewReplacer(pairs...)
}()

// GormColumn is the column gorm's default NamingStrategy gives a field
// (or the name a table is made from): snake case, with initialisms and
// runs of capitals kept as one word (UserID: user_id, HTTPRequest:
// http_request). It follows gorm's toDBName.
func GormColumn(name string) string {
	if name == "" {
		return ""
	}
	value := gormInitialismReplacer.Replace(name)
	isUpper := func(b byte) bool { return 'A' <= b && b <= 'Z' }
	var buf strings.Builder
	lastCase, curCase := false, isUpper(value[0])
	for i := 0; i < len(value)-1; i++ {
		v := value[i]
		nextCase := isUpper(value[i+1])
		nextNumber := '0' <= value[i+1] && value[i+1] <= '9'
		switch {
		case curCase && lastCase && (nextCase || nextNumber):
			buf.WriteByte(v + 32)
		case curCase:
			if i > 0 && value[i-1] != '_' && value[i+1] != '_' {
				buf.WriteByte('_')
			}
			buf.WriteByte(v + 32)
		default:
			buf.WriteByte(v)
		}
		lastCase, curCase = curCase, nextCase
	}
	last := value[len(value)-1]
	if curCase {
		if !lastCase && len(value) > 1 {
			buf.WriteByte('_')
		}
		last += 32
	}
	buf.WriteByte(last)
	return buf.String()
}

// pluralRule rewrites the end of a lower-case noun to its plural.
type pluralRule struct {
	re      *regexp.Regexp
	replace string
}

// pluralRules are the rules of the inflection library gorm pluralises
// with, for lower-case words, in the order they are tried: uncountable
// words, irregular ones, then its regular rules from the most specific.
var pluralRules = func() []pluralRule {
	var rules []pluralRule
	for _, w := range []string{"equipment", "information", "rice", "money", "species", "series", "fish", "sheep", "jeans", "police"} {
		rules = append(rules, pluralRule{regexp.MustCompile("^(" + w + ")$"), "${1}"})
	}
	for _, p := range [][2]string{{"person", "people"}, {"man", "men"}, {"child", "children"}, {"sex", "sexes"}, {"move", "moves"}, {"mombie", "mombies"}} {
		rules = append(rules, pluralRule{regexp.MustCompile(p[0] + "$"), p[1]})
	}
	regular := [][2]string{
		{"([a-z])$", "${1}s"}, {"s$", "s"}, {"^(ax|test)is$", "${1}es"}, {"(octop|vir)us$", "${1}i"},
		{"(octop|vir)i$", "${1}i"}, {"(alias|status)$", "${1}es"}, {"(bu)s$", "${1}ses"},
		{"(buffal|tomat)o$", "${1}oes"}, {"([ti])um$", "${1}a"}, {"([ti])a$", "${1}a"}, {"sis$", "ses"},
		{"(?:([^f])fe|([lr])f)$", "${1}${2}ves"}, {"(hive)$", "${1}s"}, {"([^aeiouy]|qu)y$", "${1}ies"},
		{"(x|ch|ss|sh)$", "${1}es"}, {"(matr|vert|ind)(?:ix|ex)$", "${1}ices"}, {"^(m|l)ouse$", "${1}ice"},
		{"^(m|l)ice$", "${1}ice"}, {"^(ox)$", "${1}en"}, {"^(oxen)$", "${1}"}, {"(quiz)$", "${1}zes"},
	}
	for i := len(regular) - 1; i >= 0; i-- {
		rules = append(rules, pluralRule{regexp.MustCompile(regular[i][0]), regular[i][1]})
	}
	return rules
}()

// plural pluralises a lower-case snake-case name as gorm does.
func plural(s string) string {
	for _, r := range pluralRules {
		if r.re.MatchString(s) {
			return r.re.ReplaceAllString(s, r.replace)
		}
	}
	return s
}

// ModelKeys returns the keys an ORM model's struct tags declare, each as
// the names of its fields: the primary key (gorm's primaryKey fields, or
// a field named ID; bun's pk), and every unique constraint (gorm's
// unique, uniqueIndex and index:...,unique, grouped by index name; bun's
// unique and unique:group). An INSERT of the model fails on a retry
// through any key whose fields the retry fills with the same values.
func ModelKeys(s *types.Struct) [][]string {
	groups := map[string][]string{}
	var order []string
	add := func(group, field string) {
		if _, ok := groups[group]; !ok {
			order = append(order, group)
		}
		groups[group] = append(groups[group], field)
	}
	for i := 0; i < s.NumFields(); i++ {
		f, tag := s.Field(i), reflect.StructTag(s.Tag(i))
		if IsGormPrimaryKey(f.Name(), tag.Get("gorm")) || slices.Contains(strings.Split(tag.Get("bun"), ","), "pk") {
			add("\x00pk", f.Name())
		}
		for _, group := range gormUniqueGroups(tag.Get("gorm"), f.Name()) {
			add("gorm:"+group, f.Name())
		}
		for _, part := range strings.Split(tag.Get("bun"), ",") {
			if part == "unique" {
				add("bun:\x00"+f.Name(), f.Name())
			} else if group, ok := strings.CutPrefix(part, "unique:"); ok {
				add("bun:"+group, f.Name())
			}
		}
	}
	var keys [][]string
	for _, g := range order {
		keys = append(keys, groups[g])
	}
	return keys
}

// gormUniqueGroups returns the unique constraints a gorm tag puts its
// field in, by name: an unnamed one is the field's own.
func gormUniqueGroups(tag, field string) []string {
	var out []string
	for _, part := range strings.Split(tag, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(part), ":")
		switch strings.ToLower(name) {
		case "unique":
			out = append(out, "\x00"+field)
		case "uniqueindex":
			idx, _, _ := strings.Cut(value, ",")
			if idx == "" {
				idx = "\x00" + field
			}
			out = append(out, idx)
		case "index":
			idx, opts, _ := strings.Cut(value, ",")
			if slices.ContainsFunc(strings.Split(opts, ","), func(o string) bool { return strings.EqualFold(strings.TrimSpace(o), "unique") }) {
				if idx == "" {
					idx = "\x00" + field
				}
				out = append(out, idx)
			}
		}
	}
	return out
}

// ColumnType reports whether a field of a type is stored as one column:
// a basic value, a fixed array (uuid.UUID), bytes, a time, a nullable
// value, or a type that converts itself (a driver.Valuer); not a
// related model, a slice or a map.
func ColumnType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		if pkg := named.Obj().Pkg(); pkg != nil && (pkg.Path() == "time" || pkg.Path() == "database/sql") {
			return true
		}
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, named.Obj().Pkg(), "Value"); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true // driver.Valuer's Value, not a field named Value
			}
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic, *types.Array:
		return true
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}
