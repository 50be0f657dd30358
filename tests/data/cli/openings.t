# shashki openings: the ballots built into the program

$ shashki openings 1-III
IDF-64 1-III  1. g3-h4 h6-g5
W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,h2,h4:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g5,g7,h8
...

# in numbers on request (issue 27): g3-h4 is 24-20, h6-g5 12-16
$ shashki openings 1-III --numeric
IDF-64 1-III  1. 24-20 12-16
W:W20,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,16
...

$ shashki openings FMJD 45-IX
FMJD-64 45-IX  1. g3-h4 b6-a5 2. h2-g3 a7-b6 3. e3-f4 d6-c5
W:Wa1,a3,b2,c1,c3,d2,e1,f2,f4,g1,g3,h4:Ba5,b6,b8,c5,c7,d8,e7,f6,f8,g7,h6,h8
...

$ shashki openings --table fmjd 11-IV
FMJD-64 11-IV  set-up a1-a5 a7-h4
W:Wa3,a5,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Bb6,b8,c7,d6,d8,e7,f6,f8,g7,h4,h6,h8
...

$ shashki openings --table idf | wc -l
150

$ shashki openings | wc -l
886

# an option it does not take is said to be one, not looked up as a ballot (issue 27)
$ shashki openings --variant russian 1-III
! unknown argument '--variant' (see shashki openings --help)
? 2

$ shashki openings 99-X
! no ballot 99-X
? 2
